import ArgumentParser

/// `stroke-triage audit`: verify, export, erase, rotate-key, public-key, checkpoint.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit log: verify, export, erase, rotate-key, public-key, checkpoint.",
        discussion: "The log is an encrypted, hash-chained SQLite file; see the README section 'Audit log'.",
        subcommands: [
            AuditVerifyCommand.self, AuditExportCommand.self, AuditEraseCommand.self, AuditRotateKeyCommand.self,
            AuditPublicKeyCommand.self, AuditCheckpointCommand.self, AuditStressCommand.self,
        ]
    )
}
