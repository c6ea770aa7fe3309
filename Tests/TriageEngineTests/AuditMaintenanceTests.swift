import Foundation
import StrokeAudit
import Testing
import TriageEngine
import TriageFleet
import TriageLocalization

/// The audit log's maintenance commands in process, on a real log in a temporary home:
/// each report's JSON object and lines.
@Suite struct AuditMaintenanceTests {
    static let english = Localizer(language: .en)

    private func maintenance(_ home: TemporaryHome) -> AuditMaintenance {
        AuditMaintenance(AuditSettings(), config: AppConfig(), localizer: Self.english, environment: home.environment)
    }

    @Test func checkpointHeadAndKeys() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        _ = try await AuditReportsTests.recordedLog(home)
        let log = maintenance(home)
        let checkpoint = try log.checkpoint()
        #expect(checkpoint.json.hasPrefix(#"{"sequence":"#))
        #expect(checkpoint.lines.count == 1 && checkpoint.lines[0].hasPrefix("Checkpoint signed at sequence number "))
        let head = try log.head(reset: false)
        #expect(head.lines.last == Self.english.text("audit.head.keep"))
        #expect(head.json.hasPrefix("{"))
        let key = try log.publicKey()
        #expect(key.json == #"{"publicKey":"\#(key.lines[0])"}"#)
        let rotated = try log.rotateKeys()
        let newKey = try log.publicKey().lines[0]
        #expect(newKey != key.lines[0])
        #expect(rotated.lines == ["Keys rotated; old records stay readable. New verification key: \(newKey)"])
    }

    @Test func exportThenErase() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let location = try await AuditReportsTests.recordedLog(home)
        let log = maintenance(home)
        let file = home.root.appendingPathComponent("export.jsonl").path
        let export = try log.export(format: "jsonl", from: nil, to: nil, out: file, force: false)
        #expect(export.lines.first == "Audit log read: \(location.database.path)")
        #expect(export.json.contains(#""format":"jsonl""#))
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
        let erased = try log.erase(assessment: nil, before: "2999-01-01")
        #expect(erased.json.hasPrefix(#"{"keysDestroyed":"#))
        #expect(erased.lines.first?.hasPrefix("Erased: ") == true)
    }

    @Test func pushStatusWithTheCollectorDownIsAReportNotAnError() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        _ = try await AuditReportsTests.recordedLog(home)
        let status = try await maintenance(home).push(collector: "http://127.0.0.1:1", device: "amb-1", batchSize: 500, statusOnly: true)
        #expect(status.json.hasPrefix(#"{"collector":"http://127.0.0.1:1","device":"amb-1","reachable":false"#))
        #expect(!status.lines.isEmpty)
    }

    @Test func aMissingLogIsAnError() {
        let home = TemporaryHome()
        defer { home.remove() }
        #expect(throws: AuditError.self) { _ = try maintenance(home).head(reset: false) }
        #expect(throws: AuditError.self) { _ = try maintenance(home).export(format: "csv", from: nil, to: nil, out: nil, force: false) }
    }
}
