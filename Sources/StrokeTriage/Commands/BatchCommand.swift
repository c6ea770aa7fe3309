import ArgumentParser

/// `stroke-triage batch`: Batch re-scoring for research.
struct BatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "batch", abstract: "Batch re-scoring for research. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage batch: not yet available in this build.")
        throw ExitStatus.failure
    }
}
