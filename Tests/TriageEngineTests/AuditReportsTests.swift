import Foundation
import StrokeAudit
import StrokeModels
import Testing
import TriageEngine
import TriageLocalization

/// The audit commands' reports on a real log in a temporary home: verify, head,
/// erase and checkpoint, their JSON forms and their text lines.
@Suite struct AuditReportsTests {
    static let english = Localizer(language: .en)

    /// A log with one recorded assessment (three events) in `home`.
    static func recordedLog(_ home: TemporaryHome) async throws -> AuditLog.Location {
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        _ = try await AssessmentSession.assess(TriageInputs(module: .coma, gfap: 500), prediction: .offline,
                                               config: AppConfig(), trail: trail)
        return AuditSetup.location(AuditSettings(), config: AppConfig(), environment: home.environment)
    }

    static let context = AuditLog.Context(operator: "test", appVersion: "test")

    @Test func anIntactLogVerifiesWithCountsInJSONAndText() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let location = try await Self.recordedLog(home)
        let report = try AuditVerifyReport.verify(location: location, context: Self.context, export: nil, publicKey: nil, against: nil)
        #expect(report.result.isIntact)
        #expect(!report.isExport)
        #expect(report.path == location.database.path)
        let json = report.json.serialized()
        #expect(json.hasPrefix(#"{"intact":true,"source":"database","path":"#))
        #expect(json.contains(#""firstBadSequence":null,"reason":null"#))
        let lines = report.text(Self.english)
        #expect(lines.count == 2)
        #expect(lines[0].contains(location.database.path))
    }

    @Test func aDeletedDatabaseWithAHeadFileIsReportedEmptied() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let location = try await Self.recordedLog(home)
        try FileManager.default.removeItem(at: location.database)
        let report = try AuditVerifyReport.verify(location: location, context: Self.context, export: nil, publicKey: nil, against: nil)
        #expect(report.result.problem?.reason == .emptyWithHead)
        #expect(report.result.problem?.sequence == 1)
        #expect(report.json.serialized().contains(#""intact":false"#))
    }

    @Test func aMissingLogIsAnError() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let location = AuditSetup.location(AuditSettings(), config: AppConfig(), environment: home.environment)
        #expect(throws: AuditError.self) {
            try AuditVerifyReport.verify(location: location, context: Self.context, export: nil, publicKey: nil, against: nil)
        }
        #expect(throws: AuditError.self) { try AuditReports.head(location: location, context: Self.context, reset: false) }
        #expect(throws: AuditError.self) {
            try AuditReports.erase(location: location, context: Self.context, assessment: "x", before: nil)
        }
    }

    @Test func headErasureAndCheckpointReports() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let location = try await Self.recordedLog(home)
        let (head, didReset) = try AuditReports.head(location: location, context: Self.context, reset: false)
        #expect(didReset == nil)
        #expect(head.sequence >= 2)
        let text = AuditReports.headText(head, didReset: nil, Self.english)
        #expect(text.count == 2)
        #expect(text[0].contains(head.logIDHex))
        #expect(AuditReports.headText(head, didReset: false, Self.english).count == 3)
        let destroyed = try AuditReports.erase(location: location, context: Self.context, assessment: nil, before: "2999-01-01")
        #expect(destroyed >= 1)
        #expect(AuditReports.eraseJSON(destroyed).serialized() == #"{"keysDestroyed":\#(destroyed)}"#)
        let checkpoint = try AuditLog.withLog(location, context: Self.context) { try $0.checkpoint() }
        let json = AuditReports.checkpointJSON(checkpoint).serialized()
        #expect(json.hasPrefix(#"{"sequence":\#(checkpoint.sequence),"headHash":""#))
        #expect(json.contains(#""signature":""#))
    }

    @Test func theDefaultExportNameIsStampedWithoutColons() {
        let name = AuditReports.defaultExportName("csv", now: Date(timeIntervalSince1970: 0))
        #expect(name == "stroke-triage-audit-1970-01-01T000000Z.csv")
    }
}
