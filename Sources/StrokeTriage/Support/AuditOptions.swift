import ArgumentParser

/// Where the audit log and its keys live: flags of every command that records events.
struct AuditOptions: ParsableArguments {
    @Option(name: .customLong("audit-db"), help: "Audit database path (default: the data directory, see README).")
    var auditDb: String?

    @Option(name: .customLong("key-file"), help: "Audit key file (else STROKE_TRIAGE_KEY_FILE, else the state directory).")
    var keyFile: String?
}
