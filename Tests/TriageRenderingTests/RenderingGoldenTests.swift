import Foundation
import GoldenFiles
import StrokeJSON
import StrokeModels
import Testing
import TriageRendering

/// The JSON forms in process, byte for byte against the CLI's recorded goldens.
@Suite struct RenderingGoldenTests {
    /// An offline assessment, as `coma`/`limited`/`full --mode offline` computes it.
    static func assess(_ inputs: TriageInputs) async throws -> AssessmentOutcome {
        let assessment = try await OfflinePredictionService().assess(inputs)
        return AssessmentOutcome(assessment: assessment, routing: nil, computedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func comaAssessmentMatchesTheGolden() async throws {
        let outcome = try await Self.assess(TriageInputs(module: .coma, gfap: 500))
        #expect(AssessmentJSON.outcome(outcome).serialized() == (try Golden.text("coma-gfap500.json")))
        #expect(AssessmentJSON.assessment(outcome.assessment).serialized() == (try Golden.text("coma-gfap500.json")))
    }

    @Test func limitedAssessmentMatchesTheGolden() async throws {
        var inputs = TriageInputs(module: .limited, gfap: 450)
        inputs.age = 70
        inputs.sbp = 150
        inputs.dbp = 85
        let outcome = try await Self.assess(inputs)
        #expect(AssessmentJSON.outcome(outcome).serialized() == (try Golden.text("limited-70-150-85-450.json")))
    }

    @Test func fullAssessmentWithTracesMatchesTheExplainGolden() async throws {
        var inputs = TriageInputs(module: .full, gfap: 450)
        inputs.age = 70
        inputs.sbp = 150
        inputs.dbp = 85
        inputs.fastEd = 5
        let outcome = try await Self.assess(inputs)
        let json = AssessmentJSON.outcome(outcome, traces: AssessmentTrace(outcome.assessment)).serialized()
        #expect(json == (try Golden.text("full-explain.json")))
    }

    @Test func calculatorObjectsMatchTheGoldens() throws {
        #expect(ModelJSON.withDisclaimer(ModelJSON.volume(try VolumeModel.estimate(gfap: 1000))).serialized()
                == (try Golden.text("volume-1000.json")))
        #expect(ModelJSON.withDisclaimer(ModelJSON.lvo(try LVOModel.predict(gfap: 180, fastEd: 7))).serialized()
                == (try Golden.text("lvo-180-7.json")))
        #expect(ModelJSON.withDisclaimer(ModelJSON.ichBaseline(try ICHBaseline.predict(age: 74.59, gfap: 500))).serialized()
                == (try Golden.text("ich-baseline-74.59-500.json")))
    }

    @Test func outcomeAddsRoutingAfterTheAssessmentAndTraceLast() async throws {
        let outcome = try await Self.assess(TriageInputs(module: .coma, gfap: 500))
        let routed = AssessmentOutcome(assessment: outcome.assessment, routing: RoutingSummary(lines: ["x"], json: .object([("k", .integer(1))])),
                                       computedAt: outcome.computedAt)
        guard case .object(let members) = AssessmentJSON.outcome(routed, traces: AssessmentTrace(outcome.assessment)) else {
            Issue.record("not an object")
            return
        }
        #expect(members.suffix(3).map(\.0) == ["disclaimer", "routing", "trace"])
    }
}
