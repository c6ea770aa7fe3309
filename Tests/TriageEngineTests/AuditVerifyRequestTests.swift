import Foundation
import StrokeAudit
import Testing
import TriageEngine
import TriageFleet
import TriageLocalization

/// `audit verify`'s dispatch in process: which flags go together, the local log's
/// check on a real log in a temporary home, where the report goes and its exit status.
@Suite struct AuditVerifyRequestTests {
    @Test func theCombinationsThatDoNotGoTogether() {
        #expect(AuditVerifyRequest().usageProblem == nil)
        #expect(AuditVerifyRequest(export: "e.jsonl", publicKey: "k").usageProblem == nil)
        #expect(AuditVerifyRequest(fleetExport: "d", publicKeys: "p", orgKey: "o", decryptTo: "out").usageProblem == nil)
        #expect(AuditVerifyRequest(fleetExport: "d")
            .usageProblem == "--fleet-export needs --public-keys FILE (see `stroke-triage-server collector public-keys`).")
        #expect(AuditVerifyRequest(against: "h", fleetExport: "d", publicKeys: "p")
            .usageProblem == "--fleet-export cannot be combined with --export or --against.")
        #expect(AuditVerifyRequest(orgKey: "o").usageProblem == "--public-keys and --org-key go with --fleet-export DIR.")
        #expect(AuditVerifyRequest(fleetExport: "d", publicKeys: "p", decryptTo: "x").usageProblem == "--decrypt-to needs --org-key FILE.")
        #expect(AuditVerifyRequest(export: "e").usageProblem == "--export needs --public-key KEY (see `audit public-key`).")
        #expect(AuditVerifyRequest(export: "e", publicKey: "k", against: "h")
            .usageProblem == "--against checks the local log; it cannot be combined with --export.")
    }

    @Test func anIntactLogExitsZeroWithTheReportOnStandardOutput() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let location = try await AuditReportsTests.recordedLog(home)
        let audit = AuditSettings(database: location.database.path, keyFile: location.keyFile.path)
        let outcome = try AuditVerifyRequest().run(audit: audit, config: AppConfig()) { _ in Issue.record("no events for a log") }
        #expect(outcome.exitStatus == 0)
        #expect(!outcome.reportToStandardError)
        #expect(outcome.json.hasPrefix(#"{"intact":true,"source":"database","path":"#))
        #expect(outcome.text(Localizer(language: .en)).first?.contains(location.database.path) == true)
    }

    @Test func anEmptiedLogDisagreesWithItsSignedHead() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let location = try await AuditReportsTests.recordedLog(home)
        try FileManager.default.removeItem(at: location.database)
        let audit = AuditSettings(database: location.database.path, keyFile: location.keyFile.path)
        let outcome = try AuditVerifyRequest().run(audit: audit, config: AppConfig()) { _ in }
        // The records left (none) are consistent in themselves but not with the head: exit 1, not 65.
        #expect(outcome.exitStatus == 1)
        #expect(outcome.json.contains(#""intact":false"#))
    }

    @Test func aMissingFleetExportKeysFileIsAnError() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let request = AuditVerifyRequest(fleetExport: home.root.path, publicKeys: home.root.appendingPathComponent("none.keys").path)
        #expect(throws: (any Error).self) { _ = try request.run(audit: AuditSettings(), config: AppConfig()) { _ in } }
    }
}
