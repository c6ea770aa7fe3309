import AuditFormat
import Foundation
import StrokeAudit
import StrokeJSON
import StrokeModels
import TriageLocalization
import TriageRendering

/// The reports of the audit log's maintenance commands (`audit export`, `head`, `erase`,
/// `checkpoint`): the `--json` object and the text lines of each, for any front-end.
///
/// ```swift
/// let checkpoint = try AuditLog.withLog(location, context: context) { try $0.checkpoint() }
/// print(AuditReports.checkpointJSON(checkpoint).serialized())
/// ```
public enum AuditReports {
    /// The export's default file name: `stroke-triage-audit-<UTC time without colons>.<format>`.
    public static func defaultExportName(_ format: String, now: Date = WallClock.system.date) -> String {
        let stamp = UTCTime.isoSeconds(now).replacingOccurrences(of: ":", with: "")
        return "stroke-triage-audit-\(stamp).\(format)"
    }

    /// `audit export --json`: the file, its manifest, format, record range, digest and the log read.
    public static func exportJSON(_ summary: AuditExportSummary, _ request: AuditExportRequest, database: String) -> JSONValue {
        .object([
            ("file", .string(request.file.path)), ("manifest", .string(summary.manifest.path)),
            ("format", .string(request.format.rawValue)), ("records", .integer(summary.records)),
            ("first", .integer(Int(summary.first))), ("last", .integer(Int(summary.last))),
            ("sha256", .string(summary.sha256)), ("checkpointSequence", .integer(Int(summary.checkpoint.sequence))),
            ("logId", .string(summary.head.logIDHex)),
            ("database", .string(database)),
            ("disclaimer", ModelJSON.disclaimer),
        ])
    }

    /// `audit export`'s text: the log read, what was written, the patient-data warning and the disclaimer.
    public static func exportText(_ summary: AuditExportSummary, _ request: AuditExportRequest, database: String,
                                  _ l: Localizer) -> [String] {
        [
            l.text("audit.export.read", [.text(database)]),
            l.text("audit.export.done", [.text(String(summary.records)), .text(request.file.path), .text(summary.manifest.path)]),
            l.text("audit.export.patientData"),
            l.text("disclaimer.short"),
        ]
    }

    /// The latest signed head of the log at `location`; with `reset`, a new head file is written first
    /// when the old one was lost or damaged. The flag is `nil` without `reset`, else whether it was reset.
    /// - Throws: `AuditError` when the log is missing or cannot be read.
    public static func head(location: AuditLog.Location, context: AuditLog.Context, reset: Bool) throws -> (AuditHead, Bool?) {
        try AuditSetup.requireExisting(location)
        return try AuditLog.withLog(location, context: context) { log in
            guard reset else { return (try log.head(), nil) }
            if let head = try log.resetHead() { return (head, true) }
            return (try log.head(), false)
        }
    }

    /// `audit head`'s text: whether it was reset (with `--reset`), the head's fields, and where to keep it.
    public static func headText(_ head: AuditHead, didReset: Bool?, _ l: Localizer) -> [String] {
        var lines: [String] = []
        if let didReset { lines.append(l.text(didReset ? "audit.head.reset" : "audit.head.intact", [.text(String(head.sequence))])) }
        lines.append(l.text("audit.head.text", [
            .text(head.logIDHex), .text(String(head.sequence)), .text(Hex.encode(head.chainHash)),
            .text(String(head.erasedKeys)), .text(String(head.keyEpoch)), .text(UTCTime.isoSeconds(head.timeMs)),
        ]))
        lines.append(l.text("audit.head.keep"))
        return lines
    }

    /// Destroys the data keys of `assessment`, or else of every record before `before` (a date).
    /// Returns how many keys were destroyed.
    /// - Throws: `AuditError` when the log is missing or cannot be written.
    public static func erase(location: AuditLog.Location, context: AuditLog.Context, assessment: String?,
                             before: String?) throws -> Int {
        try AuditSetup.requireExisting(location)
        return try AuditLog.withLog(location, context: context) { log in
            if let assessment { return try log.erase(assessment: assessment) }
            return try log.erase(beforeMs: UTCTime.milliseconds(before ?? "") ?? 0)
        }
    }

    /// `audit erase --json`: `{"keysDestroyed": N}`.
    public static func eraseJSON(_ destroyed: Int) -> JSONValue { .object([("keysDestroyed", .integer(destroyed))]) }

    /// `audit checkpoint --json`: the signed sequence, head hash (hex) and signature (base64).
    public static func checkpointJSON(_ checkpoint: AuditCheckpoint) -> JSONValue {
        .object([
            ("sequence", .integer(Int(checkpoint.sequence))),
            ("headHash", .string(Hex.encode(checkpoint.headHash))),
            ("signature", .string(checkpoint.signature.base64EncodedString())),
        ])
    }
}
