import ArgumentParser

/// `stroke-triage login`: Log in for research access.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "login", abstract: "Log in for research access. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage login: not yet available in this build.")
        throw ExitStatus.failure
    }
}
