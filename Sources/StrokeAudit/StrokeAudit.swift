/// The encrypted, tamper-evident audit log.
public enum StrokeAudit {}
