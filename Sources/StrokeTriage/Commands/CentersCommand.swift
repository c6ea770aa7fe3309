import ArgumentParser

/// `stroke-triage centers`: Nearest stroke centers.
struct CentersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "centers", abstract: "Nearest stroke centers. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage centers: not yet available in this build.")
        throw ExitStatus.failure
    }
}
