import ArgumentParser

/// `stroke-triage coma`: Coma module (GCS < 9): GFAP only.
struct ComaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "coma", abstract: "Coma module (GCS < 9): GFAP only. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage coma: not yet available in this build.")
        throw ExitStatus.failure
    }
}
