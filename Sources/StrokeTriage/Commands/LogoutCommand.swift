import ArgumentParser

/// `stroke-triage logout`: Forget the research-access session.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Forget the research-access session. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage logout: not yet available in this build.")
        throw ExitStatus.failure
    }
}
