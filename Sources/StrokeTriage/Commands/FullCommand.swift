import ArgumentParser

/// `stroke-triage full`: Full module: limited inputs plus FAST-ED and neurological findings.
struct FullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "full", abstract: "Full module: limited inputs plus FAST-ED and neurological findings. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage full: not yet available in this build.")
        throw ExitStatus.failure
    }
}
