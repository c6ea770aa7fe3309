import ArgumentParser

/// `stroke-triage walk`: Interactive triage walkthrough.
struct WalkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "walk", abstract: "Interactive triage walkthrough. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage walk: not yet available in this build.")
        throw ExitStatus.failure
    }
}
