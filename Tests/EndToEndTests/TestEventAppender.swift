import Foundation
import StrokeAudit
import TriageLocalization

/// Appends test events to a home's audit log in the test process, as the test-support
/// writer Tests/AuditStress does in a process of its own (kept for the crash-loop and
/// concurrency tests, which kill or race it): one new assessment of `count` test events
/// in `data/audit.sqlite` with the key file `state/audit-keys.json`, the same lines on
/// "stdout" (`ack <sequence>` after each, then `assessment <id>`), and for an audit error
/// status 1 with its English message on "stderr".
enum TestEventAppender {
    static func append(_ count: Int, home: URL) -> BinaryRunner.Result {
        let location = AuditLog.Location(database: home.appendingPathComponent("data/audit.sqlite"),
                                         keyFile: home.appendingPathComponent("state/audit-keys.json"))
        do {
            let lines = try AuditLog.withLog(location, context: AuditLog.Context(operator: "audit-stress", appVersion: "test")) { log in
                let assessment = AuditLog.newAssessmentID()
                var lines: [String] = []
                for _ in 0..<count {
                    lines.append("ack \(try log.append(.test, payload: Data(#"{"test":true}"#.utf8), assessment: assessment).sequence)")
                }
                return lines + ["assessment \(assessment)"]
            }
            return BinaryRunner.Result(status: 0, stdout: lines.map { $0 + "\n" }.joined(), stderr: "")
        } catch let error as AuditError {
            return BinaryRunner.Result(status: 1, stdout: "", stderr: "error: " + Localizer(language: .en).render(error.message) + "\n")
        } catch {
            return BinaryRunner.Result(status: 1, stdout: "", stderr: "error: \(error)\n")
        }
    }
}
