import ArgumentParser

/// `stroke-triage warm-up`: Wake the prediction Cloud Functions and report their latency.
struct WarmUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "warm-up", abstract: "Wake the prediction Cloud Functions and report their latency. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage warm-up: not yet available in this build.")
        throw ExitStatus.failure
    }
}
