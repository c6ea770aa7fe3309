import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// `--notify` and the `notify` commands with the relay unreachable (a closed
/// port): the result always comes first and unchanged, the case waits in the
/// queue as ciphertext only and "not yet delivered" is shown, usage errors come
/// before the result, and the walkthrough's offer works (all in the test process;
/// the walkthrough with a scripted dialog).
/// The relay, boards and delivery are tested with real servers in
/// StrokeCollectorTests (PrenotifyEndToEndTests).
@Suite struct PrenotifyOfflineTests {
    static let closedRelay = "http://127.0.0.1:1"
    static let sentinelCase = ["full", "--age", "97", "--sbp", "150", "--dbp", "85", "--gfap", "4321.5", "--fast-ed", "0",
                               "--accept-disclaimer", "--mode", "offline", "--lat", "48.1374", "--lon", "11.5755"]

    static func home() -> [String: String] {
        ["STROKE_TRIAGE_HOME": BinaryRunner.temporaryHome().path, "STROKE_TRIAGE_DEVICE": "AMB-1", "STROKE_TRIAGE_RELAY": ""]
    }

    @Test func unreachableRelayQueuesCiphertextAfterAnUnchangedResult() async throws {
        let env = Self.home()
        let plain = await InProcessCLI.run(Self.sentinelCase + ["--json"], environment: env)
        let sent = await InProcessCLI.run(Self.sentinelCase + ["--json", "--notify", "klinikum-rechts-der-isar-muenchen",
                                                            "--relay", Self.closedRelay], environment: env)
        #expect(sent.status == 69)
        #expect(sent.stdout == plain.stdout)
        let line = try #require(sent.stderr.split(separator: "\n").last { $0.hasPrefix("{\"notification\"") })
        let note = try #require((try JSONValue(parsing: Data(line.utf8)).object)?["notification"].object)
        #expect(note["delivery"].stringValue == "notYetDelivered")
        #expect(note["delivered"].boolValue == false)
        #expect(note["hospital"].stringValue == "Klinikum rechts der Isar München (TUM)")
        #expect((note["etaMinutes"].intValue).map { $0 > 0 } == true, "the routing's drive time is the ETA")
        let caseId = try #require(note["caseId"].stringValue)

        let queue = URL(fileURLWithPath: env["STROKE_TRIAGE_HOME"]!).appendingPathComponent("state/notify")
        #expect(try FileManager.default.attributesOfItem(atPath: queue.path)[.posixPermissions] as? Int == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: queue.path) {
            let path = queue.appendingPathComponent(name).path
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            #expect(!text.contains("4321.5") && !text.contains("\"age\":97"), "\(name) holds plaintext")
        }

        let human = await InProcessCLI.run(Self.sentinelCase + ["--notify", "klinikum-x", "--relay", Self.closedRelay,
                                                             "--eta-minutes", "9"], environment: env)
        #expect(human.status == 69)
        #expect(human.stdout.contains("Research use only"))
        #expect(human.stderr.contains("not yet delivered"))
        let status = await InProcessCLI.run(["notify", "status"], environment: env)
        #expect(status.status == 0)
        #expect(status.stdout.contains("\(caseId)  Klinikum rechts der Isar München (TUM) (klinikum-rechts-der-isar-muenchen)  time-critical"))
        #expect(status.stdout.contains("klinikum-x  time-critical  ETA 9 min  in transit  not yet delivered"))
        let json = try await InProcessCLI.run(["notify", "status", "--json"], environment: env).json()
        #expect(json["notYetDelivered"].intValue == 2)
        #expect(await InProcessCLI.run(["notify", "flush"], environment: env).status == 69)
        #expect(await InProcessCLI.run(["notify", "update", "--case", caseId, "--lat", "48.2", "--lon", "11.6"], environment: env).status == 69)
        #expect(await InProcessCLI.run(["notify", "arrived", "--case", caseId], environment: env).status == 69)
        let after = await InProcessCLI.run(["notify", "status", "--json"], environment: env)
        #expect(after.stdout.contains("\"status\":\"arrived\""))
        #expect(after.stdout.contains("\"pending\":[\"case\",\"eta\",\"status\"]"))
        #expect(await InProcessCLI.run(["notify", "cancel", "--case", String(repeating: "a", count: 32)], environment: env).status == 65)
        let german = await InProcessCLI.run(["notify", "status", "--lang", "de"], environment: env)
        #expect(german.stdout.contains("noch nicht zugestellt"))
        #expect(german.stdout.contains("angekommen"))
    }

    @Test func usageErrorsComeBeforeTheResult() async throws {
        var env = Self.home()
        let noRelay = await InProcessCLI.run(Self.sentinelCase + ["--notify", "klinikum-x"], environment: env)
        #expect(noRelay.status == 64)
        #expect(noRelay.stdout.isEmpty)
        #expect(noRelay.stderr.contains("No relay is configured"))
        env["STROKE_TRIAGE_DEVICE"] = nil
        let noDevice = await InProcessCLI.run(Self.sentinelCase + ["--notify", "klinikum-x", "--relay", Self.closedRelay],
                                            environment: env.merging(["STROKE_TRIAGE_DEVICE": ""]) { $1 })
        #expect(noDevice.status == 64)
        #expect(noDevice.stderr.contains("No device name"))
        for bad in [["--notify", "../etc"], ["--eta-minutes", "5"], ["--notify", "x", "--eta-minutes", "2000"]] {
            #expect(await InProcessCLI.run(Self.sentinelCase + bad, environment: Self.home()).status == 64, "\(bad)")
        }
        let badKey = await InProcessCLI.run(Self.sentinelCase + ["--notify", "x", "--relay", Self.closedRelay, "--hospital-key", "nope"],
                                          environment: Self.home())
        #expect(badKey.status == 64)
        #expect(badKey.stdout.isEmpty)
        #expect(await InProcessCLI.run(["notify", "update", "--case", "x", "--lat", "91", "--lon", "0"]).status == 64)
    }

    @Test func walkthroughOffersInGermanAndQueuesOnYes() async throws {
        var env = Self.home()
        env["STROKE_TRIAGE_RELAY"] = Self.closedRelay
        let offered = await ScriptedWalk.run(["walk", "--mode", "offline", "--accept-disclaimer", "--lang", "de"], script: [
            ("komatös", "j"), ("Blutzucker", ""), ("GFAP", "500"), ("Minuten", ""), ("Standort", "48,1374; 11,5755"), ("Berechnen?", ""),
            ("Voranmeldung an Klinikum rechts der Isar", "j"), ("Markdown-Übergabebericht", ""),
        ], environment: env)
        #expect(offered.mismatches.isEmpty, "\(offered.mismatches)")
        #expect(offered.stdout.contains("ICB: vor der Bildgebung nicht beurteilbar"))
        let said = (offered.transcript + [offered.stdout, offered.stderr]).joined(separator: " ")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(said.contains("noch nicht zugestellt"), "\(said)")
        #expect(offered.status == 69)
        let status = await InProcessCLI.run(["notify", "status", "--json"], environment: env)
        #expect(status.stdout.contains("\"hospitalId\":\"klinikum-rechts-der-isar-muenchen\""))

        // Without a relay there is no offer (the input ends at the report's question); with one, "n" sends nothing.
        let coma: [(prompt: String, answer: String)] = [("comatose", "y"), ("Blood glucose", ""), ("GFAP", "500"), ("Minutes", ""), ("Location", "48.1374,11.5755"),
                                                        ("Compute?", "")]
        let quiet = await ScriptedWalk.run(["walk", "--mode", "offline", "--accept-disclaimer"], script: coma,
                                           environment: ["STROKE_TRIAGE_RELAY": ""])
        #expect(quiet.mismatches.isEmpty, "\(quiet.mismatches)")
        #expect(quiet.transcript.suffix(2).joined(separator: " ").contains("Save a Markdown handover report?"), "\(quiet.transcript)")
        #expect(!quiet.transcript.contains { $0.contains("Send pre-notification") })
        #expect(quiet.status == 0, "\(quiet.stderr)")
        let declined = await ScriptedWalk.run(["walk", "--mode", "offline", "--accept-disclaimer"], script: coma + [("Send pre-notification to", "n")],
                                              environment: ["STROKE_TRIAGE_RELAY": Self.closedRelay, "STROKE_TRIAGE_DEVICE": "AMB-1"])
        #expect(declined.mismatches.isEmpty, "\(declined.mismatches)")
        #expect((declined.transcript + [declined.stdout, declined.stderr]).contains { $0.contains("No pre-notification sent.") })
        #expect(declined.status == 0, "\(declined.stderr)")
    }
}
