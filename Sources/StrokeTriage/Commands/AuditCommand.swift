import ArgumentParser

/// `stroke-triage audit`: Audit log: verify, export, erase, rotate-key, public-key.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "audit", abstract: "Audit log: verify, export, erase, rotate-key, public-key. (not yet available)")

    func run() async throws {
        Console.err("stroke-triage audit: not yet available in this build.")
        throw ExitStatus.failure
    }
}
