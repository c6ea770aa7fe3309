import AuditFormat
import Foundation

/// What an export wrote.
public struct AuditExportSummary: Sendable {
    /// The records written.
    public let records: Int
    /// The first and last sequence numbers (0 when empty).
    public let first: Int64, last: Int64
    /// The SHA-256 of the export file (hex).
    public let sha256: String
    /// The manifest file.
    public let manifest: URL
    /// The checkpoint made for this export.
    public let checkpoint: AuditCheckpoint
    /// The signed head made with the checkpoint (also in the manifest).
    public let head: AuditHead
}
