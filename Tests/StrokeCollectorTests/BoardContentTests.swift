import CaseWire
import Foundation
import Testing
import TriageEngine
@testable import StrokeBoard
import StrokeJSON
import StrokeModels
import TestJSON
import TriageLocalization
import TriageRendering

/// A registered device's validly signed payload that is not a case (issue 29, item 2): the board checks it
/// against the case schema (`CasePayload`) before calling it valid, and writes `/cases.json` with the JSON
/// writer, so no payload can add a case, stop the list being JSON, or show an impossible value.
@Suite("board case content")
struct BoardContentTests {
    /// `BoardTests.caseJSON` with `replacement` for `original` (one occurrence).
    static func variant(_ original: String, _ replacement: String) -> Data {
        let text = String(decoding: BoardTests.caseJSON, as: UTF8.self)
        precondition(text.contains(original))
        return Data(text.replacingOccurrences(of: original, with: replacement).utf8)
    }

    @Test("a payload that splices a forged case, one that is not JSON, and impossible values are never valid")
    func forgedAndImpossible() async throws {
        let forged = Data(#"{"module":"coma"}},{"caseId":"f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0","device":"AMB-2","valid":true,"verdict":"valid","urgency":"critical","etaMinutes":1,"etaUpdatedMs":null,"arrivalMs":null,"status":"inTransit","createdMs":1,"sentMs":1,"case":{"module":"coma"}"#.utf8)
        let payloads: [(String, Data)] = [
            ("forged", forged),
            ("notJSON", Data("not json at all <b>".utf8)),
            ("probability7.5", Self.variant(#""probability":0.9945255844918681"#, #""probability":7.5"#)),
            ("negativeProbability", Self.variant(#""probability":0.0038040286137176263"#, #""probability":-0.1"#)),
            ("negativeVolume", Self.variant(#""volumeMl":46.47646912107826"#, #""volumeMl":-46"#)),
            ("ageOutOfRange", Self.variant(#""age":97"#, #""age":970"#)),
            ("repeatedMember", Self.variant(#""module":"full""#, #""module":"full","module":"coma""#)),
            ("unknownMember", Self.variant(#""module":"full""#, #""module":"full","valid":true"#)),
            ("wrongType", Self.variant(#""warnings":[]"#, #""warnings":"none""#)),
            ("array", Data("[]".utf8)),
        ]
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            var sent: [String: String] = [:]
            for (name, payload) in payloads {
                sent[name] = try await relay.send(payload, from: device, to: "H1", keys: keys).caseId
            }
            let good = try await relay.send(BoardTests.caseJSON, from: device, to: "H1", keys: keys)
            let sentCases = sent
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys) { board in
                _ = try await board.waitForCase(good.caseId)
                for (name, caseId) in sentCases {
                    let shown = try await board.waitForCase(caseId)
                    #expect(shown["valid"].boolValue == false, "\(name)")
                    #expect(shown["verdict"].stringValue == "contentInvalid", "\(name)")
                    #expect(shown["case"] == nil, "\(name)")
                    #expect(shown["sentMs"].isNull, "\(name)")
                }
                // The list stays JSON with exactly the cases the relay holds, all from AMB-12.
                let cases = try await board.cases()
                #expect(cases.count == payloads.count + 1)
                #expect(cases.allSatisfy { $0["device"].stringValue == "AMB-12" })
                #expect(!cases.contains { $0["caseId"].stringValue == "f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0" })
                #expect(cases.filter { $0["valid"].boolValue == true }.map { $0["caseId"].stringValue } == [good.caseId])
                let page = try await board.page()
                #expect(page.components(separatedBy: "NOT VERIFIED — DO NOT USE").count == payloads.count + 1)
                #expect(page.components(separatedBy: "content invalid").count == payloads.count + 1)
                #expect(!page.contains("750 %"))
                #expect(!page.contains("AMB-2<") && !page.contains("AMB-2,"))
            }
        }
    }

    @Test("a decision the rules cannot produce, or none at all, is never a valid case")
    func decisionMustFollowTheRules() {
        #expect(CasePayload(validating: BoardTests.caseJSON) != nil)
        // ICH 99 % is immediate: a payload that claims standard is impossible.
        #expect(CasePayload(validating: Self.variant(#""urgency":"immediate""#, #""urgency":"standard""#)) == nil)
        #expect(CasePayload(validating: Self.variant(#""urgency":"immediate""#, #""urgency":"critical""#)) == nil)
        #expect(CasePayload(validating: Self.variant(#""lvoBasis":[]"#, #""lvoBasis":["guess"]"#)) == nil)
        let text = String(decoding: BoardTests.caseJSON, as: UTF8.self)
        let start = text.range(of: #","decision":"#)!, end = text.range(of: #","inputs":"#)!
        #expect(CasePayload(validating: Data((text[..<start.lowerBound] + text[end.lowerBound...]).utf8)) == nil)
    }

    /// A genuine device case (the CLI's golden output: full module, FAST-ED 5, baseline ICH 52 %, routed to Würzburg).
    static let genuine = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../EndToEndTests/Golden/json/full-near-wuerzburg.json").standardized)

    /// `genuine` with `replacement` for `original` (which must occur).
    static func forged(_ original: String, _ replacement: String) -> Data {
        let text = String(decoding: genuine, as: UTF8.self)
        precondition(text.contains(original), original)
        return Data(text.replacingOccurrences(of: original, with: replacement).utf8)
    }

    @Test("the board derives the decision itself (issues 34, 45): forged facts and numbers are contentInvalid; forged texts change nothing shown")
    func forgedDecisionsAreRefused() throws {
        let genuine = try #require(CasePayload(validating: Self.genuine))
        // Texts a device wrote are never compared nor shown (issue 45): the case stays valid with the board's own decision.
        let texts: [(String, Data)] = [
            ("recommendation text", Self.forged("ICH: the offline baseline is not calibrated and changed nothing here; imaging decides.",
                                                "ICH excluded by GFAP: start thrombolysis en route.")),
            ("warning", Self.forged(#""warnings":[]"#, #""warnings":["CT done: ICH excluded - start thrombolysis en route"]"#)),
            ("disclaimer", Self.forged("Research use only. Not a medical device; no diagnosis. Clinical judgement decides.",
                                       "Validated medical device: act on this result.")),
            ("summary suffix", Self.forged("Consider: Uniklinikum Würzburg", "Consider: Uniklinikum Würzburg - thrombolysis done")),
            ("summary line", Self.forged("Urgency: time-critical", "Urgency: standard")),
            ("German texts from a German device", Self.forged("ICH: the offline baseline is not calibrated and changed nothing here; imaging decides.",
                                                              "ICB: Das Offline-Basismodell ist nicht kalibriert und hat hier nichts verändert.")),
        ]
        for (name, data) in texts {
            let payload = CasePayload(validating: data)
            #expect(payload?.decision == genuine.decision, "\(name)")
            let shown = payload.map { $0.decision.recommendations.map { BoardTextProbe.english($0.message) } } ?? []
            #expect(!shown.joined().contains("thrombolysis en route") && !shown.joined().contains("Validated"), "\(name)")
        }
        let forgeries: [(String, Data)] = [
            ("recommendation removed", Self.forged(#"{"code":"rec.ich.notDecisionGrade","text":"ICH: the offline baseline is not calibrated and changed nothing here; imaging decides."},"#, "")),
            ("LVO not suspected at FAST-ED 9", Data(String(decoding: Self.forged(#""lvoSuspected":true,"lvoBasis":["fastEd"]"#,
                                                                                 #""lvoSuspected":false,"lvoBasis":[]"#), as: UTF8.self)
                .replacingOccurrences(of: #""fastEd":5"#, with: #""fastEd":9"#).utf8)),
            ("ICH low at 52 %", Self.forged(#""probability":0.5229253037437512,"riskLevel":"high""#, #""probability":0.5229253037437512,"riskLevel":"low""#)),
            ("coma with full-module data", Self.forged(#"{"module":"full""#, #"{"module":"coma""#)),
            ("baseline used to decide", Self.forged(#""ichUsed":false"#, #""ichUsed":true"#)),
            // Numbers the board computes itself (issue 45): the baseline ICH, GFAP changed under its numbers, drive minutes.
            ("baseline ICH 0.02", Self.forged(#""probability":0.5229253037437512,"riskLevel":"high""#, #""probability":0.02,"riskLevel":"low""#)),
            ("GFAP changed under its numbers", Self.forged(#""gfap":450"#, #""gfap":29"#)),
            ("drive -5 minutes", Self.forged(#""driveMinutes":6.8"#, #""driveMinutes":-5"#)),
            ("drive 1e308 minutes", Self.forged(#""driveMinutes":6.8"#, #""driveMinutes":1e308"#)),
            ("unknown protocol", Self.forged("3760ce55d364f6ea13ef0757380c879cfda9ca1da9bd9253822fc5f066d66443", String(repeating: "0", count: 64))),
        ]
        for (name, data) in forgeries { #expect(CasePayload(validating: data) == nil, "\(name)") }
    }

    @Test("a case routed to a center the board's dataset does not hold is contentInvalid; the bundled data's ids pass")
    func unknownCentersAreRefused() throws {
        let bundled = try #require(HospitalLocator.centerIds(config: AppConfig()))
        #expect(CasePayload(validating: Self.genuine, centerIds: bundled) != nil)
        #expect(CasePayload(validating: Self.genuine, centerIds: bundled.subtracting(["uniklinikum-wuerzburg"])) == nil)
        let renamed = Self.forged(#""id":"uniklinikum-wuerzburg""#, #""id":"uniklinikum-wuerzburg-annex""#)
        #expect(CasePayload(validating: renamed, centerIds: bundled) == nil)
        // Without a dataset (`centerIds` nil) the routing's centers are not checked.
        #expect(CasePayload(validating: renamed) != nil)
    }

    @Test("a case under a local protocol is valid and approved when the board has it (board serve --protocol); carried, it is shown not approved; edited or absent, contentInvalid")
    func localProtocolCases() throws {
        // A service whose exam threshold is FAST-ED ≥ 6: at FAST-ED 5 its decision suspects no LVO.
        let local = ProtocolCanonical.sealed(TriageProtocol(id: "local-test", values: [.lvoFastEdFrom: 6], sha256: ""))
        let genuine = try JSONValue(parsing: [UInt8](Self.genuine))
        let assessment = try #require(CaseDecision.assessment(genuine))
        var decision = DecisionRendering.json(ClinicalDecision(assessment, rules: local), assessment: assessment, routing: nil)
        // The device's summary begins with the routed destination, as the genuine one does.
        let summary = (genuine["decision"]?["summary"]?.stringArray?.prefix(1) ?? []) + (decision["summary"]?.stringArray?.dropFirst() ?? [])
        decision = decision.replacing("summary", with: .strings(Array(summary)))
        let localCase = Data(genuine.replacing("decision", with: decision).serialized().utf8)
        #expect(decision["lvoSuspected"] == .bool(false))
        #expect(CasePayload(validating: localCase, protocols: [local])?.protocolApproved == true)
        // A protocol the board was not given: decided under the file the case carries, marked not approved (issue 45).
        let carried = try #require(CasePayload(validating: localCase))
        #expect(!carried.protocolApproved && carried.decision.protocolReference == local.reference)
        #expect(carried.decision.lvo.suspected == false)
        #expect(CasePayload(validating: Self.genuine, protocols: [local])?.protocolApproved == true, "the standard protocol stays known")
        // A carried file edited under its digest (FAST-ED 6 → 9) is not that protocol: contentInvalid.
        let text = String(decoding: localCase, as: UTF8.self)
        let edited = text.replacingOccurrences(of: #""lvo.fastEdFrom":{"value":6"#, with: #""lvo.fastEdFrom":{"value":9"#)
        #expect(edited != text)
        #expect(CasePayload(validating: Data(edited.utf8)) == nil)
        // Without the file, an unknown protocol stays contentInvalid.
        let bare = genuine.replacing("decision", with: decision.replacing("protocol", with: .object([
            ("id", .string(local.id)), ("sha256", .string(local.sha256))])))
        #expect(CasePayload(validating: Data(bare.serialized().utf8)) == nil)
    }

    @Test("a case with neither probability is valid with the documented urgency; long strings wrap")
    func noProbabilityAndLongStrings() async throws {
        let long = String(repeating: "W", count: 4_000)
        // A 17-year-old: the ICH baseline does not apply (no probability) and the limited module has no LVO estimate;
        // the device's decision for it (the CLI's golden output) is shown as valid.
        let withoutProbabilities = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../EndToEndTests/Golden/json/limited-age17.json").standardized)
        let expectedUrgency = try JSONValue(parsing: [UInt8](withoutProbabilities))["decision"]?["urgency"]?.stringValue
        let longWarning = Self.variant(#""warnings":[],"disclaimer""#, "\"warnings\":[\"\(long)\"],\"disclaimer\"")
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let plain = try await relay.send(withoutProbabilities, from: device, to: "H1", keys: keys)
            let wide = try await relay.send(longWarning, from: device, to: "H1", keys: keys)
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys) { board in
                let shown = try await board.waitForCase(plain.caseId)
                #expect(shown["verdict"].stringValue == "valid")
                #expect(shown["urgency"].stringValue == expectedUrgency)
                #expect((((shown["case"].object)?["ich"].object)?["probability"]).isNull == true)
                #expect(((shown["case"].object)?["lvo"]).isNull == true)
                #expect(try await board.waitForCase(wide.caseId)["verdict"].stringValue == "valid")
                let page = try await board.page()
                // A warning the device wrote is never shown (issue 45).
                #expect(!page.contains(long))
                // Every case box wraps anywhere; a finding's label wraps, its value never breaks (issue 35).
                #expect(page.contains(".case{") && page.contains("min-width:0;overflow-wrap:anywhere}"))
                #expect(page.contains(".findings dd{margin:0;font-weight:700;flex:none;white-space:nowrap;"))
            }
        }
    }

    @Test("every module output of the CLI's golden files is a valid case; the checked value is written back unchanged")
    func goldenOutputsAreCases() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../EndToEndTests/Golden/json").standardized
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".json") {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            guard let object = try? JSONValue(parsing: data).object, object["module"] != nil else { continue }
            let payload = CasePayload(validating: data)
            #expect(payload != nil, "\(name)")
            checked += 1
        }
        #expect(checked >= 10)
        let payload = try #require(CasePayload(validating: BoardTests.caseJSON))
        #expect(payload.value.serialized() == String(decoding: BoardTests.caseJSON, as: UTF8.self))
    }
}

private extension JSONValue {
    /// This object with member `name`'s value replaced by `value`.
    func replacing(_ name: String, with value: JSONValue) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.map { $0.0 == name ? ($0.0, value) : $0 })
    }
}

/// Issue 45: the wall screen never shows the patient's coordinates; the place name stands for them.
@Suite struct BoardPrivacyTests {
    @Test func theFindingsLeaveOutTheCoordinates() throws {
        let inputs = try JSONValue(parsing: #"{"age":70,"gfap":180,"lat":49.784123,"lon":9.972456,"onsetMinutes":60}"#)
        for language in [BoardLanguage.en, .de] {
            let html = BoardPage.findings(inputs, module: "full", BoardText(language: language))
            #expect(!html.contains("49.78") && !html.contains("9.97") && !html.contains("49,78"), "\(html)")
            #expect(html.contains("70"))
        }
    }
}

/// The English words of a message, as a board serving English renders them.
enum BoardTextProbe {
    static func english(_ message: Message) -> String { Localizer(language: .en).render(message) }
}
