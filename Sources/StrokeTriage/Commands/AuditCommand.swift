import ArgumentParser

/// `stroke-triage audit`: init, verify, head, export, erase, rotate-key, public-key, checkpoint, push.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit log: init, verify, head, export, erase, rotate-key, public-key, checkpoint, push.",
        discussion: "The log is an encrypted, hash-chained SQLite file; see docs/audit-format.md.",
        subcommands: [
            AuditInitCommand.self, AuditVerifyCommand.self, AuditHeadCommand.self, AuditExportCommand.self, AuditEraseCommand.self, AuditRotateKeyCommand.self,
            AuditPublicKeyCommand.self, AuditCheckpointCommand.self, AuditPushCommand.self,
            AuditOrgKeygenCommand.self,
        ]
    )
}
