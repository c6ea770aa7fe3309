import CaseWire
import Crypto
import Foundation
import StrokeJSON
import Testing
import StrokeBoard
import HTTPTestClient
import TestJSON

/// The hospital board against a live relay and PostgreSQL: it decrypts locally, verifies the
/// sender, shows exactly what was sent, and never shows an unverified case's values.
@Suite("hospital board")
struct BoardTests {
    /// A full-module assessment as the CLI's `--json` writes it (sentinels: age 97, GFAP 4321.5; zeros and "no").
    static let caseJSON = Data("""
        {"module":"full","decision":{"urgency":"immediate","ichUsed":true,"lvoSuspected":false,"lvoBasis":[],"recommendations":[{"code":"rec.ich.critical",\
        "text":"ICH: the estimate strongly suggests a haemorrhage; consider pre-alerting a center with neurosurgery and neurocritical care."},\
        {"code":"rec.lvo.low",\
        "text":"LVO: a large vessel occlusion appears less likely by this estimate; clinical findings take precedence."},\
        {"code":"rec.ich.reconfirmWindow",\
        "text":"ICH at or above 25 %: reconfirm the time window of symptom onset before any lysis (differential diagnosis: haemorrhage versus ischaemia)."}],\
        "summary":["No destination suggested: no location given","Urgency: immediate",\
        "LVO not suspected (FAST-ED 0; estimate < 1 %, local)","ICH likely (cloud 99 %)"],"protocol":{"id":"stroke-triage-default-2026.12",\
        "sha256":"3760ce55d364f6ea13ef0757380c879cfda9ca1da9bd9253822fc5f066d66443"}},\
        "inputs":{"age":97,"sbp":150,"dbp":90,"gfap":4321.5,"fastEd":0,"headache":false,"legParesis":false,\
        "armParesis":false,"eyeDeviation":false,"reducedVigilance":false,"atrialFibrillation":false,"anticoagulated":false,\
        "antiplatelets":false,"onsetMinutes":45.0},"ich":{"probability":0.9945255844918681,"riskLevel":"critical",\
        "cloudRiskLevel":null,"source":"cloud","model":"ich-baseline-age-gfap-logistic","drivers":[],"notes":[],\
        "inputsUsed":["age","gfap"]},"lvo":{"probability":0.0038040286137176263,"riskLevel":"low","cloudRiskLevel":null,\
        "source":"local","model":"2024.09.28-calibrated","drivers":[],"notes":[],"inputsUsed":["gfap","fastEd"],\
        "agreement":{"status":"neitherSuggestsLvo","agrees":true,"lvoSuspected":false,"fastEd":0,"fastEdThreshold":4,\
        "probability":0.0038040286137176263,"modelThreshold":0.333333,\
        "statement":"LVO: neither FAST-ED 0 (below 4) nor the LVO estimate of < 1 % (below 33.3 %) suggests a large vessel occlusion; clinical findings take precedence."}},"volume":{"gfap":4321.5,"gfapUsed":4321.5,"capped":false,"estimated":true,\
        "volumeMl":46.47646912107826,"volumeRangeMl":[32.53352838475478,60.41940985740174],"severity":"critical",\
        "mortality":"19-44%","source":"local","model":"gfap-volume-loglog-r2-0.476","warnings":[],"inputsUsed":["gfap"]},\
        "warnings":[],"disclaimer":"Research use only. Not a medical device; no diagnosis. Clinical judgement decides."}
        """.utf8)

    /// A coma case as the CLI writes it, with its decision and the place the routing understood.
    static let comaCase = Data("""
        {"module":"coma","decision":{"urgency":"timeCritical","ichUsed":false,"lvoSuspected":null,"lvoBasis":[],\
        "recommendations":[{"code":"rec.ich.notDecisionGrade",\
        "text":"ICH: the offline baseline is not calibrated and changed nothing here; imaging decides."},\
        {"code":"rec.coma.basilar",\
        "text":"Coma: a basilar artery occlusion cannot be excluded; consider a thrombectomy-capable center within the bypass limit."},\
        {"code":"rec.glucose","text":"Check blood glucose: hypoglycaemia can mimic a stroke."}],\
        "summary":["No destination suggested: follow the regional stroke protocol","Urgency: time-critical",\
        "ICH: not assessable before imaging (no calibrated estimate offline)","Flags: onset unknown"],"protocol":{"id":"stroke-triage-default-2026.12",\
        "sha256":"3760ce55d364f6ea13ef0757380c879cfda9ca1da9bd9253822fc5f066d66443"}},\
        "inputs":{"gfap":300.0},"ich":{"probability":0.4503097120588577,\
        "riskLevel":"medium","cloudRiskLevel":null,"source":"baseline","model":"ich-baseline-age-gfap-logistic","drivers":[],"notes":[],\
        "inputsUsed":["gfap"]},"lvo":null,"volume":null,"warnings":[],"routing":{"origin":{"lat":49.0134,"lon":12.1016,"place":"Regensburg"}},\
        "disclaimer":"Research use only. Not a medical device; no diagnosis. Clinical judgement decides."}
        """.utf8)

    @Test("the board shows the decision: its urgency as the badge, the module (comatose), its own recommendations and the hospital's name; never the device's place text")
    func showsTheDecision() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-7")
            try await relay.add(device)
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys, hospitalName: "Uniklinikum <Test>") { board in
                let sent = try await relay.send(Self.comaCase, from: device, to: "H1", keys: keys, eta: 9)
                let shown = try await board.waitForCase(sent.caseId)
                #expect(shown["urgency"].stringValue == "timeCritical")
                let page = try await board.page()
                for value in ["class=\"urgency urgency-timeCritical\">TIME-CRITICAL<", "Coma module: patient comatose (GCS 8 or below)",
                              "basilar artery occlusion cannot be excluded", "Uniklinikum &lt;Test&gt; <span class=\"hospital-id\">(H1)</span>"] {
                    #expect(page.contains(value), "missing \(value)")
                }
                // The place is text the device wrote (issue 45): the ETA stands for it.
                #expect(!page.contains("Regensburg"))
            }
        }
    }

    @Test("the board decrypts a case and serves it in /cases.json exactly as sent, and on the page with its hooks")
    func decryptsAndServes() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys) { board in
                let sent = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys, eta: 14)
                let shown = try await board.waitForCase(sent.caseId)
                #expect(shown["valid"].boolValue == true)
                #expect(shown["verdict"].stringValue == "valid")
                #expect(shown["urgency"].stringValue == "immediate")
                #expect(shown["etaMinutes"].intValue == 14)
                #expect(shown["status"].stringValue == "inTransit")
                #expect(shown["device"].stringValue == "AMB-12")
                let sentObject = try JSONValue(parsing: Self.caseJSON)
                #expect(shown["case"].sortingKeys == sentObject.sortingKeys)
                // The bytes themselves pass through unchanged.
                let raw = try await board.client.send(method: "GET", path: "/cases.json")
                #expect(String(decoding: raw.body, as: UTF8.self).contains(String(decoding: Self.caseJSON, as: UTF8.self)))
                #expect(try await board.casesJSON()["hospitalId"].stringValue == "H1")
                let page = try await board.page()
                #expect(page.contains("data-case-id=\"\(sent.caseId)\""))
                for hook in ["class=\"urgency urgency-immediate\">IMMEDIATE<", "class=\"eta\"", "class=\"ich\"", "class=\"lvo\""] {
                    #expect(page.contains(hook), "missing \(hook)")
                }
                for value in ["4321.5", ">97<", ">0<", ">no<", "99 %", ">Age<", ">Headache<", "ich-baseline-age-gfap-logistic", "2024.09.28-calibrated",
                              "46 ml", "Symptom onset 45 min before sending", "Research use only"] {
                    #expect(page.contains(value), "missing \(value)")
                }
                let german = try await board.page(acceptLanguage: "de-DE,de;q=0.9,en;q=0.5")
                #expect(german.contains("<html lang=\"de\">"))
                #expect(german.contains(">SOFORT<"))
                #expect(german.contains(">nein<"))
                #expect(german.contains(">Alter<"))
                #expect(german.contains(">4321,5<"))
            }
        }
    }

    @Test("another hospital's board sees nothing of the case")
    func otherHospitalSeesNothing() async throws {
        try await RelayHarness.run { relay in
            let h1 = try await relay.addHospital("H1")
            let h2 = try await relay.addHospital("H2")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let sent = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: h1)
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: h1) { board in
                _ = try await board.waitForCase(sent.caseId)
            }
            try await BoardHarness.run(relay: relay, hospitalId: "H2", keys: h2) { board in
                let reached = try await eventually { try await board.casesJSON()["relayReachable"].boolValue == true }
                #expect(reached)
                #expect(try await board.cases().isEmpty)
                let page = try await board.page()
                #expect(!page.contains(sent.caseId))
                #expect(!page.contains("4321.5"))
            }
            // H2's board with H1's id but its own key is refused by the relay, and shows nothing.
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: h2) { board in
                let failing = try await eventually { (await board.state.snapshot).relayFailing }
                #expect(failing)
                #expect(try await board.cases().isEmpty)
                #expect(try await board.client.send(method: "GET", path: "/healthz").status == 503)
            }
        }
    }

    @Test("a tampered ciphertext, a forged device signature and an unknown device are never valid and show no values")
    func neverValid() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let tampered = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys, eta: 5)
            try await relay.store.collector.client.query("""
                UPDATE relay_cases SET ciphertext = overlay(ciphertext placing '\\x00'::bytea from 20 for 1)
                WHERE case_id = \(tampered.caseId)
                """, logger: RelayHarness.logger)
            // Sent by AMB-12, but sealed with a key that is not AMB-12's registered key.
            let forged = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys, eta: 6,
                                              signingKey: Curve25519.Signing.PrivateKey())
            // Claims a device the relay never authenticated for it.
            let ghost = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys, eta: 7, claimedDevice: "GHOST",
                                             signingKey: Curve25519.Signing.PrivateKey())
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys) { board in
                let verdicts = [tampered.caseId: "undecryptable", forged.caseId: "signatureInvalid", ghost.caseId: "unknownDevice"]
                for (id, verdict) in verdicts {
                    let shown = try await board.waitForCase(id)
                    #expect(shown["valid"].boolValue == false)
                    #expect(shown["verdict"].stringValue == verdict)
                    #expect(shown["case"] == nil)
                }
                let raw = try await board.client.send(method: "GET", path: "/cases.json")
                #expect(!String(decoding: raw.body, as: UTF8.self).contains("4321.5"))
                let page = try await board.page()
                #expect(page.components(separatedBy: "NOT VERIFIED — DO NOT USE").count == 4)
                #expect(!page.contains("4321.5"))
                #expect(!page.contains("class=\"ich\""))
            }
        }
    }

    @Test("with a trusted-device list the board trusts only its keys, not the relay's registry")
    func trustedDevices() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            let other = SimulatedDevice(name: "AMB-13")
            try await relay.add(device)
            try await relay.add(other)
            let trustedCase = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys)
            let untrustedCase = try await relay.send(Self.caseJSON, from: other, to: "H1", keys: keys)
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys,
                                       trustedDevices: ["AMB-12": device.key.publicKey.rawRepresentation]) { board in
                #expect(try await board.waitForCase(trustedCase.caseId)["verdict"].stringValue == "valid")
                let untrusted = try await board.waitForCase(untrustedCase.caseId)
                #expect(untrusted["verdict"].stringValue == "unknownDevice")
                #expect(untrusted["case"] == nil)
            }
            // The file form, as `board serve --trusted-devices FILE` reads it.
            let path = NSTemporaryDirectory() + "trusted-\(CaseIdentifiers.makeCaseId()).json"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Data("{\"AMB-12\":\"\(device.publicKey)\"}".utf8).write(to: URL(fileURLWithPath: path))
            #expect(try BoardConfiguration.trustedDevices(file: path) == ["AMB-12": device.key.publicKey.rawRepresentation])
            try Data("{\"AMB-12\":\"short\"}".utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: BoardError.self) { try BoardConfiguration.trustedDevices(file: path) }
        }
    }

    @Test("/events pushes the case list when a case arrives; a foreign Host is refused on a loopback board")
    func liveEventsAndHost() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys) { board in
                let caseId = CaseIdentifiers.makeCaseId()
                let port = board.port
                let stream = Task {
                    await RawHTTP.exchange(port: port, "GET /events HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n",
                                           until: .text("data-case-id=\"\(caseId)\"")).text
                }
                // The stream is open (it sends the current list first); then the case is sent.
                let sent = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys, caseId: caseId)
                #expect(sent.answer.status == 201)
                let received = await stream.value
                #expect(received.contains("text/event-stream"))
                #expect(received.contains("event: cases\n"))
                #expect(received.contains("data-case-id=\"\(caseId)\""))
                let foreign = await RawHTTP.exchange(port: port, "GET /cases.json HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n").text
                #expect(foreign.hasPrefix("HTTP/1.1 421"))
                #expect(!foreign.contains(caseId))
                let page = await RawHTTP.exchange(port: port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n").text
                #expect(page.hasPrefix("HTTP/1.1 200"))
                #expect(page.lowercased().contains("content-security-policy: default-src 'none'"))
            }
        }
    }

    @Test("keygen writes a 0600 key file once and never overwrites it; the file reads back")
    func keyFile() throws {
        let path = NSTemporaryDirectory() + "board-key-\(CaseIdentifiers.makeCaseId()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let keys = try HospitalKeyFile.create(at: path)
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        #expect(try HospitalKeyFile.read(at: path).publicKey == keys.publicKey)
        #expect(throws: BoardError.keyFileExists(path)) { try HospitalKeyFile.create(at: path) }
        #expect(try HospitalKeyFile.read(at: path).publicKey == keys.publicKey)
    }
}
