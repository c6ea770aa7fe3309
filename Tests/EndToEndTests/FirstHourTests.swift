import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// What a new user sees first: one reconciled LVO statement, which inputs each
/// number used, where the record went, and the routing that follows FAST-ED.
@Suite struct FirstHourTests {
    static let disagreeing = ["full", "--age", "70", "--sbp", "150", "--dbp", "85", "--gfap", "450", "--fast-ed", "5",
                              "--mode", "offline", "--accept-disclaimer", "--no-color"]

    @Test("FAST-ED 5 against 17 %: one hedged statement naming both, no separate contradicting lines")
    func oneLvoStatement() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let r = await InProcessCLI.run(Self.disagreeing, environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 0, "\(r.stderr)")
        let text = r.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(text.contains("FAST-ED 5 (≥ 4) suggests a large vessel occlusion; the estimate of 17 %"))
        #expect(text.contains("Clinical findings take precedence"))
        #expect(!text.contains("appears less likely"))
        #expect(!text.contains("FAST-ED ≥ 4 suggests a large vessel occlusion."))
    }

    @Test("JSON: lvo.agreement and inputsUsed per prediction")
    func json() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let r = await InProcessCLI.run(Self.disagreeing + ["--json"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        let lvo = try #require(j["lvo"].object)
        let agreement = try #require(lvo["agreement"].object)
        #expect(agreement["status"].stringValue == "onlyScaleSuggestsLvo")
        #expect(agreement["agrees"].boolValue == false)
        #expect(agreement["lvoSuspected"].boolValue == true)
        #expect((agreement["statement"].stringValue)?.contains("Clinical findings take precedence") == true)
        #expect(lvo["inputsUsed"].stringArray == ["gfap", "fastEd"])
        #expect((j["ich"].object)?["inputsUsed"].stringArray == ["age", "gfap"])
        #expect((j["volume"].object)?["inputsUsed"].stringArray == ["gfap"])
        // --json prints the object alone: the record line never reaches stdout.
        #expect(!r.stdout.contains("Recorded in the audit log"))
    }

    @Test("one line per model names the inputs it read (offline: age and GFAP; GFAP and FAST-ED), so atrial fibrillation and arm paresis are visibly unused")
    func unusedInputsAreMarked() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let r = await InProcessCLI.run(Self.disagreeing + ["--atrial-fibrillation", "--arm-paresis", "--details"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 0, "\(r.stderr)")
        let text = r.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(text.contains("This model reads only Age, GFAP (2 of 13 inputs)."))
        #expect(text.contains("This model reads only GFAP, FAST-ED score (2 of 13 inputs)."))
        #expect(!text.contains("Not used by this model"))
    }

    @Test("after the result: the event number and the log's path, in English and German")
    func recordLine() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let database = home.appendingPathComponent("data/audit.sqlite").path
        let first = await InProcessCLI.run(Self.disagreeing, environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        // Disclaimer accepted (1), assessment started (2), prediction generated (3).
        #expect(first.stdout.hasSuffix("Recorded in the audit log:\n\(database)\n"))
        let second = await InProcessCLI.run(Self.disagreeing + ["--lang", "de"], environment: env)
        #expect(second.stdout.hasSuffix("Im Audit-Protokoll erfasst:\n\(database)\n"))
    }

    @Test("without a usable audit log: the result stands and says it was not recorded")
    func notRecordedLine() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let r = await InProcessCLI.run(Self.disagreeing + ["--audit-db", "/proc/no-such-dir/audit.sqlite"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("LVO probability"))
        #expect(r.stdout.replacingOccurrences(of: "\n  ", with: " ").contains("was not recorded in the audit log"))
    }

    @Test("routing follows FAST-ED ≥ 4 even when the probability is lower (the safer reading)")
    func routingFollowsTheScale() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let r = await InProcessCLI.run(Self.disagreeing + ["--json", "--lat", "49.79", "--lon", "9.95", "--gfap", "30", "--age", "110"],
                                     environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 0, "\(r.stderr)")
        let routing = try #require(try r.json()["routing"].object)
        #expect(routing["category"].stringValue == "thrombectomy", "\(routing)")
    }

    @Test("audit verify and audit export name the log they read")
    func auditCommandsNameTheLog() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["STROKE_TRIAGE_HOME": home.path]
        let database = home.appendingPathComponent("data/audit.sqlite").path
        #expect(await InProcessCLI.run(Self.disagreeing, environment: env).status == 0)
        let verify = await InProcessCLI.run(["audit", "verify"], environment: env)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("Audit log read: \(database)"))
        let json = await InProcessCLI.run(["audit", "verify", "--json"], environment: env)
        #expect(try json.json()["path"].stringValue == database)
        let out = home.appendingPathComponent("export.jsonl").path
        let export = await InProcessCLI.run(["audit", "export", "--out", out], environment: env)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("Audit log read: \(database)"))
    }
}
