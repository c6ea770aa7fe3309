import StrokeAudit

extension AuditError {
    /// True for errors that refuse a write because it would damage the log's
    /// evidence (a stale key file, a foreign database, a log behind its head):
    /// an assessment still shows its result, then the front-end fails (the CLI exits 1).
    public var refusesWrite: Bool {
        ["staleKeyFile", "foreignLog", "logBehindHead", "headMissing", "wrongKey", "newLogRequired"].contains(reason)
    }
}
