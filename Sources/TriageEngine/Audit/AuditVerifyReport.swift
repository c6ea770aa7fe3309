import AuditFormat
import Foundation
import StrokeAudit
import StrokeJSON
import TriageLocalization

/// `audit verify` of the local log or of an export: the check and its report
/// (one JSON object, or the text lines), for any front-end.
///
/// ```swift
/// let report = try AuditVerifyReport.verify(location: location, context: context, export: nil,
///                                           publicKey: nil, against: nil)
/// for line in report.text(localizer) { print(line) }
/// ```
public struct AuditVerifyReport: Sendable {
    /// What the verification found.
    public let result: AuditVerification
    /// True when an export file was verified, false for the database.
    public let isExport: Bool
    /// The log that was read: the database path, or the export file's standardized path.
    public let path: String

    /// A report of `result` for the log at `path`.
    public init(result: AuditVerification, isExport: Bool, path: String) {
        self.result = result
        self.isExport = isExport
        self.path = path
    }

    /// Verifies the export `export` with `publicKey` (base64 or a file holding it), or else the log at
    /// `location` (against the signed head in the file `against`, if given). A deleted database whose
    /// head file says it had records is reported as emptied (`emptyWithHead`).
    /// - Throws: `AuditError` when the log cannot be opened or read, or the key or head is unusable.
    public static func verify(location: AuditLog.Location, context: AuditLog.Context, export: String?,
                              publicKey: String?, against: String?) throws -> AuditVerifyReport {
        if let export {
            let key = try AuditExportVerifier.publicKey(publicKey ?? "")
            let result = try AuditExportVerifier.verify(file: URL(fileURLWithPath: export), publicKey: key)
            return AuditVerifyReport(result: result, isExport: true, path: URL(fileURLWithPath: export).standardizedFileURL.path)
        }
        let read = location.database.path
        if !FileManager.default.fileExists(atPath: read), let head = AuditLog.headFileHead(location), head.sequence > 0 {
            var gone = AuditVerification()
            gone.logID = head.logIDHex
            gone.head = head
            gone.problem = AuditProblem(sequence: 1, reason: .emptyWithHead)
            return AuditVerifyReport(result: gone, isExport: false, path: read)
        }
        // Deleted together with its head file: the key file still knows it signed a log.
        if !FileManager.default.fileExists(atPath: read), let signed = AuditKeyFile.signedLogs(at: location.keyFile).last {
            var gone = AuditVerification()
            gone.logID = signed
            gone.problem = AuditProblem(sequence: 1, reason: .logDeleted)
            return AuditVerifyReport(result: gone, isExport: false, path: read)
        }
        try AuditSetup.requireExisting(location)
        let external = try against.map { try AuditHead.load(URL(fileURLWithPath: $0)) }
        let result = try AuditLog.withLog(location, context: context) { try $0.verify(against: external) }
        return AuditVerifyReport(result: result, isExport: false, path: read)
    }

    /// The `--json` object (`intact`, `source`, `path`, counts, the first bad sequence and reason, ids).
    public var json: JSONValue {
        .object([
            ("intact", .bool(result.isIntact)),
            ("source", .string(isExport ? "export" : "database")),
            ("path", .string(path)),
            ("records", .integer(result.records)),
            ("erasedRecords", .integer(result.erasedRecords)),
            ("checkpoints", .integer(result.checkpoints)),
            ("headSequence", .integer(Int(result.headSequence))),
            ("firstBadSequence", result.problem.map { .integer(Int($0.sequence)) } ?? .null),
            ("reason", result.problem.map { .string($0.reason.rawValue) } ?? .null),
            ("logId", result.logID.map { .string($0) } ?? .null),
            ("signedHeadSequence", result.head.map { .integer(Int($0.sequence)) } ?? .null),
            ("upgradedAtSequence", result.upgradedAtSequence.map { .integer(Int($0)) } ?? .null),
            ("newLog", result.newLog.map { start in
                .object([("sequence", .integer(Int(start.sequence))), ("previousLogs", .strings(start.previousLogs)),
                         ("previousHead", .string(start.previousHead))])
            } ?? .null),
        ])
    }

    /// The text lines: what was read, then intact (with counts) or the first bad record and why,
    /// then the format upgrade, if the log was upgraded, and the new-log start, if it was started with `--new-log`.
    public func text(_ l: Localizer) -> [String] {
        var lines = [l.text("audit.verify.read", [.text(path)])]
        if let problem = result.problem {
            lines.append(l.text("audit.verify.tampered", [.text(String(problem.sequence)), .key("audit.problem.\(problem.reason.rawValue)")]))
        } else {
            lines.append(l.text("audit.verify.intact", [
                .text(String(result.records)), .text(String(result.checkpoints)), .text(String(result.erasedRecords)),
            ]))
        }
        if let upgraded = result.upgradedAtSequence {
            lines.append(l.text("audit.verify.upgraded", [.text(String(upgraded)), .text(String(upgraded + 1))]))
        }
        if let start = result.newLog {
            lines.append(l.text("audit.verify.newLog", [
                .text(String(start.sequence)), .text(String(start.previousLogs.count)),
                .text(start.previousLogs.joined(separator: ", ")), .text(start.previousHead),
            ]))
        }
        return lines
    }
}
