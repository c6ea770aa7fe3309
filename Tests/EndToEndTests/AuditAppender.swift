import Foundation
import StrokeAudit
import TriageLocalization

/// Appends test events to the audit log of a state directory in the test process, as
/// `AuditStress` (Tests/AuditStress) does in its own: the log and key file the CLI uses for
/// `STROKE_TRIAGE_HOME` (`data/audit.sqlite`, `state/audit-keys.json`), or another key file.
enum AuditAppender {
    /// Appends `count` test events to one new assessment; returns the assessment's id.
    /// - Throws: `AuditError` when the log or key cannot be used.
    @discardableResult
    static func append(home: URL, count: Int, keyFile: URL? = nil) throws -> String {
        let location = AuditLog.Location(database: home.appendingPathComponent("data/audit.sqlite"),
                                         keyFile: keyFile ?? home.appendingPathComponent("state/audit-keys.json"))
        return try AuditLog.withLog(location, context: AuditLog.Context(operator: "audit-stress", appVersion: "test")) { log in
            let assessment = AuditLog.newAssessmentID()
            for _ in 0..<count { _ = try log.append(.test, payload: Data("{\"test\":true}".utf8), assessment: assessment) }
            return assessment
        }
    }

    /// The English message `AuditStress` prints when appending fails, `nil` when it succeeds.
    static func failure(home: URL, count: Int, keyFile: URL? = nil) -> String? {
        do {
            try append(home: home, count: count, keyFile: keyFile)
            return nil
        } catch let error as AuditError {
            return Localizer(language: .en).text(error.localizationKey, [.text(error.detail ?? "")])
        } catch {
            return "\(error)"
        }
    }
}
