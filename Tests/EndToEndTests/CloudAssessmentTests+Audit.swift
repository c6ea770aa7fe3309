import FakeCloudLauncher
import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// The audit log of assessments that asked the cloud: it verifies, records each
/// number's provenance, records failures by code, and holds no patient value in plaintext.
extension CloudAssessmentTests {
    @Test func anAutoModeAssessmentIsAuditedWithoutThePatientValueInPlaintext() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let cloud = await Self.assess(["coma", "--gfap", "4321.5"], base: server.base(), environment: env)
        #expect(cloud.status == 0, "\(cloud.stderr)")
        #expect(try Self.prediction(try cloud.json(), "ich")["source"].stringValue == "cloud")
        let fallback = await Self.assess(["coma", "--gfap", "4321.5"], base: "http://127.0.0.1:1", environment: env)
        #expect(fallback.status == 0)
        #expect(!cloud.stderr.contains("not recorded") && !fallback.stderr.contains("not recorded"))

        let verify = await InProcessCLI.runOnStillClock(["audit", "verify", "--json"], environment: env)
        #expect(verify.status == 0, "\(verify.stderr)")
        let report = try verify.json()
        #expect(report["intact"].boolValue == true)
        #expect((report["records"].intValue ?? 0) >= 4)

        // The decrypted export holds the value and each prediction's provenance, so the
        // raw files' lack of it below means encryption, not absence.
        let export = home.appendingPathComponent("export.jsonl")
        let exported = await InProcessCLI.runOnStillClock(["audit", "export", "--out", export.path], environment: env)
        #expect(exported.status == 0, "\(exported.stderr)")
        let exportText = try String(contentsOf: export, encoding: .utf8)
        #expect(exportText.contains("\"gfap\":4321.5"))
        let predictions = exportText.split(separator: "\n")
            .compactMap { try? JSONValue(parsing: Data($0.utf8)).object }
            .filter { $0["type"].stringValue == "prediction.generated" }
            .compactMap { (($0["payload"].object)?["data"].object)?["ich"].object }
        #expect(predictions.map { $0["source"].stringValue } == ["cloud", "baseline"])
        #expect(predictions.last?["fallbackReason"].stringValue == "cloud unreachable: connection refused or failed")
        try FileManager.default.removeItem(at: export)
        try? FileManager.default.removeItem(at: home.appendingPathComponent("export.jsonl.manifest.json"))

        let files = try #require(FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil)?.allObjects as? [URL])
        let databases = files.filter { $0.lastPathComponent.hasPrefix("audit.sqlite") }
        #expect(!databases.isEmpty)
        for file in files where !file.hasDirectoryPath {
            let bytes = (try? Data(contentsOf: file)) ?? Data()
            for sentinel in ["4321.5", "4321,5"] {
                #expect(bytes.range(of: Data(sentinel.utf8)) == nil, "\(sentinel) in \(file.lastPathComponent)")
            }
        }
    }

    @Test func aCloudModeFailureIsAuditedAsAnErrorWithItsCodeOnly() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let r = await Self.assess(["coma", "--gfap", "4321.5"], mode: "cloud", base: "http://127.0.0.1:1", environment: env)
        #expect(r.status == 69)
        #expect(await InProcessCLI.runOnStillClock(["audit", "verify"], environment: env).status == 0)
        let export = home.appendingPathComponent("export.jsonl")
        #expect(await InProcessCLI.runOnStillClock(["audit", "export", "--out", export.path], environment: env).status == 0)
        let records = try String(contentsOf: export, encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONValue(parsing: Data($0.utf8)).object }
        #expect(records.compactMap { $0["type"].stringValue }.contains("assessment.started"))
        let error = try #require(records.first { $0["type"].stringValue == "error.shown" })
        #expect(((error["payload"].object)?["data"].object)?["code"].stringValue == "cloud.connect")
    }
}
