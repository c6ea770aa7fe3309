import Foundation

/// What to export and how.
public struct AuditExportRequest: Sendable {
    /// The export's file format.
    public enum Format: String, Sendable, CaseIterable {
        /// One JSON object per line.
        case jsonl
        /// RFC 4180 CSV with a header row.
        case csv
    }

    /// The file format.
    public let format: Format
    /// Only records at or after this time (ms since 1970 UTC).
    public let fromMs: Int64?
    /// Only records at or before this time (ms since 1970 UTC).
    public let toMs: Int64?
    /// The export file (the manifest is written beside it as `<file>.manifest.json`).
    public let file: URL
    /// The research-use disclaimer carried in the manifest.
    public let disclaimer: String
    /// Replace existing files and write through symbolic links (`--force`).
    public let force: Bool

    /// Creates a request.
    public init(format: Format, fromMs: Int64?, toMs: Int64?, file: URL, disclaimer: String, force: Bool = false) {
        self.force = force
        self.format = format
        self.fromMs = fromMs
        self.toMs = toMs
        self.file = file
        self.disclaimer = disclaimer
    }

    /// The manifest's location for an export file.
    public static func manifestURL(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".manifest.json")
    }
}
