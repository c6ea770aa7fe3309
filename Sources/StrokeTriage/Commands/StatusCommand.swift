import ArgumentParser

/// `stroke-triage status`: Show the research-access session state.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the research-access session state. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage status: not yet available in this build.")
        throw ExitStatus.failure
    }
}
