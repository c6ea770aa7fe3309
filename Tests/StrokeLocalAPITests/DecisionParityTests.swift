import CaseWire
import Foundation
import Hummingbird
import HummingbirdTesting
import StrokeJSON
import StrokeLocalAPI
import StrokeModels
import Testing
import TestJSON
import TriageEngine
import TriageLocalization
import TriageRendering

/// One clinical voice: for a grid of patients over the three modules, the
/// `decision` object is byte-identical in the module commands' JSON (the engine's
/// outcome through the shared renderer), in `/v1/assess` and in the case sealed
/// to a hospital (whose urgency the board shows), and the text result opens with
/// the crew summary.
@Suite struct DecisionParityTests {
    /// The grid: coma, limited and full; FAST-ED ≥ 4 with an LVO estimate below
    /// 33 %, ICH near 25 / 30 / 50 %, onset inside and outside the windows, near Regensburg.
    static let bodies: [String] = {
        var out: [String] = []
        for gfap in [29, 150, 500, 1200, 5000] {
            out.append(#"{"module":"coma","inputs":{"gfap":\#(gfap)}}"#)
        }
        for (gfap, onset) in [(60, 30), (300, 200), (900, 300), (3000, 1500)] {
            out.append(#"{"module":"limited","inputs":{"age":72,"sbp":150,"dbp":85,"gfap":\#(gfap),"onsetMinutes":\#(onset),"lat":49.0134,"lon":12.1016}}"#)
        }
        for (gfap, fastEd, onset) in [(120, 6, 60), (450, 5, 400), (450, 4, 1600), (60, 2, 100), (2500, 7, 90), (180, 7, 300), (800, 3, 30)] {
            out.append(#"{"module":"full","inputs":{"age":66,"sbp":160,"dbp":95,"gfap":\#(gfap),"fastEd":\#(fastEd),"onsetMinutes":\#(onset),"lat":49.0134,"lon":12.1016},"mode":"offline"}"#)
        }
        out.append(#"{"module":"full","inputs":{"age":66,"sbp":160,"dbp":95,"gfap":120,"fastEd":6}}"#)
        return out
    }()

    static func object(_ text: String) throws -> JSONValue {
        try #require(try JSONValue(parsing: Data(text.utf8)).object)
    }

    /// The `decision` member exactly as written (the text between `"decision":` and `,"inputs"`).
    static func decisionText(_ json: String) throws -> String {
        let start = try #require(json.range(of: #""decision":"#))
        let end = try #require(json.range(of: #","inputs":"#, range: start.upperBound..<json.endIndex))
        return String(json[start.upperBound..<end.lowerBound])
    }

    @Test func theDecisionIsTheSameInTheModuleJSONTheAPIAndTheCase() async throws {
        let app = Application(router: LocalAPIRoutes(configuration: LocalAPIConfiguration(), v1: LocalAPIV1()).makeRouter())
        try await app.test(.router) { client in
            for body in Self.bodies {
                let request = try AssessRequest(Array(body.utf8))
                let outcome = try await AssessmentSession.assess(try request.inputs(config: AppConfig()), prediction: .offline,
                                                                 config: AppConfig(), output: OutputSettings(json: true))
                let moduleJSON = AssessmentSession.json(outcome).serialized()
                let decision = try Self.decisionText(moduleJSON)
                try await client.execute(uri: "/v1/assess", method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok, "\(body)")
                    let answered = try Self.decisionText(String(buffer: response.body))
                    #expect(answered == decision, "\(body)")
                }
                // The case the device seals is the module JSON; the board's badge is its decision's urgency.
                let urgency = try #require(TriageUrgency(caseJSON: Data(moduleJSON.utf8)))
                let parsed = try #require(try Self.object(decision)["urgency"].stringValue)
                #expect(urgency.rawValue == parsed)
                #expect(urgency == ClinicalDecision(outcome.assessment).urgency)
                let summary = try #require(try Self.object(decision)["summary"].stringArray)
                #expect(!summary.isEmpty && summary.count <= DecisionRendering.maximumSummaryLines)
            }
        }
    }

    @Test("the text result opens with the verdicts (no percentage for the offline ICH), the destination and its stroke number")
    func textOpensWithTheSummary() async throws {
        let body = #"{"module":"full","inputs":{"age":66,"sbp":160,"dbp":95,"gfap":120,"fastEd":6,"lat":49.0134,"lon":12.1016}}"#
        let request = try AssessRequest(Array(body.utf8))
        let outcome = try await AssessmentSession.assess(try request.inputs(config: AppConfig()), prediction: .offline,
                                                         config: AppConfig(), output: OutputSettings())
        let l = Localizer(language: .en)
        let lines = ResultRenderer(localizer: l, style: TextStyle(colour: false, width: 200)).lines(outcome)
        let head = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.prefix(6).joined(separator: "\n")
        let a = outcome.assessment
        // Issue 44: verdict first; the offline baseline's ICH number is not decision-grade, so no percentage in the summary.
        #expect(head.contains("ICH: not assessable before imaging"))
        #expect(!head.contains("ICH: " + l.percent(try #require(a.ich.probability))))
        #expect(head.contains("LVO suspected (FAST-ED 6; estimate " + l.percent(try #require(a.lvo?.probability)) + ", local)"))
        let destination = try #require(outcome.routing?.destination?.center)
        #expect(head.contains(destination.shortName))
        #expect(head.contains(try #require(destination.emergencyPhone)))
        for line in head.split(separator: "\n") { #expect(line.count <= DecisionRendering.summaryWidth, "\(line)") }
    }
}
