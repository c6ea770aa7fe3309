import Foundation
@testable import StrokeCloud
import StrokeJSON
import StrokeLocalAPI
import StrokeModels
import Testing
import TriageLocalization

/// What a client of the reference functions reads from the contract answers:
/// `drivers` on predict_lvo, the reference's risk-factor labels and direction words
/// with signed contributions beside our keys, `decision` from the engine's rules,
/// and the baseline named in the driver labels the reference app shows. This
/// project's own decoders still read the same answers to the same numbers and keys.
@Suite struct ReferenceShapeTests {
    static func answer(_ path: String, _ json: String) throws -> [String: JSONValue] {
        try #require(try ContractAnswerTests.answer(path, json).dictionary)
    }

    @Test(arguments: [(180.0, 7.0, "High FAST-ED Score", "GFAP"), (60, 2, "Low FAST-ED Score", "Low GFAP"),
                      (900, 5, "FAST-ED Score", "Elevated GFAP"), (500, 6, "High FAST-ED Score", "GFAP")])
    func lvoRiskFactorsCarryTheReferenceLabelsAndSignedContributions(_ gfap: Double, _ fastEd: Double, _ fastEdName: String, _ gfapName: String) throws {
        let root = try Self.answer("/predict_lvo", "{\"gfap_value\":\(gfap),\"fast_ed_score\":\(fastEd)}")
        let local = try LVOModel.predict(gfap: gfap, fastEd: fastEd)
        guard case .array(let factors)? = root["risk_factors"] else { Issue.record("no risk_factors"); return }
        #expect(factors.count == 2)
        for factor in factors {
            let f = try #require(factor.dictionary)
            let feature = try #require(f["feature"]?.stringValue)
            let c = feature == "fast_ed_score" ? local.fastEdContribution : local.gfapContribution
            #expect(f["name"]?.stringValue == (feature == "fast_ed_score" ? fastEdName : gfapName))
            #expect(f["contribution"]?.doubleValue == c)
            #expect(f["impact"]?.stringValue == (c < 0 ? "decrease" : "increase"))
        }
        let first = abs(factors[0].dictionary?["contribution"]?.doubleValue ?? 0)
        #expect(first >= abs(factors[1].dictionary?["contribution"]?.doubleValue ?? 0))
        // The drivers the app's LVO panel reads: lists, negative weights as magnitudes.
        let drivers = try #require(root["drivers"]?.dictionary)
        let positive = drivers["positive"]?.arrayValue ?? [], negative = drivers["negative"]?.arrayValue ?? []
        #expect(positive.count + negative.count == 2)
        #expect(negative.allSatisfy { ($0.dictionary?["weight"]?.doubleValue ?? -1) > 0 })
        // Our decoder reads our keys and signs back.
        let decoded = try CloudDecoder.lvo(Array(ContractAnswerTests.answer("/predict_lvo", "{\"gfap_value\":\(gfap),\"fast_ed_score\":\(fastEd)}").text.utf8))
        #expect(Set(decoded.drivers.map(\.feature)) == ["fast_ed_score", "gfap_value"])
        #expect(decoded.drivers.first { $0.feature == "gfap_value" }?.weight == local.gfapContribution)
        #expect(root["confidence"] == nil)
    }

    @Test(arguments: [29.0, 300, 1200, 10001])
    func ichDecisionIsTheEnginesOwn(_ gfap: Double) throws {
        let root = try Self.answer("/predict_coma_ich", "{\"gfap_value\":\(gfap)}")
        let local = try OfflinePredictionService.ich(TriageInputs(module: .coma, gfap: gfap))
        let p = try #require(local.probability)
        let decision = try #require(root["decision"]?.dictionary)
        let level = try #require(local.riskLevel)
        #expect(decision["threshold"]?.doubleValue == DecisionRules.ichImmediateFrom)
        #expect(decision["meets_threshold"] == .bool(false), "the offline baseline never meets a decision threshold")
        // The station's ICH is the offline baseline: shown with its level, never deciding (issue 37).
        #expect(level == RiskLevel(probability: p))
        #expect(decision["recommendation_code"]?.stringValue == "rec.ich.notDecisionGrade")
        #expect(decision["recommendation"]?.stringValue == Localizer(language: .en).text("rec.ich.notDecisionGrade"))
        #expect(decision["urgency"]?.stringValue == TriageUrgency(ichProbability: nil, lvoSuspected: nil, comatose: true, onsetMinutes: nil).rawValue)
        #expect(root["confidence"] == nil)
    }

    @Test func aBaselineICHSaysSoInTheDriverLabelsTheAppShows() throws {
        let limited = try Self.answer("/predict_limited_data_ich",
                                      #"{"age_years":70,"systolic_bp":150,"diastolic_bp":85,"gfap_value":450,"vigilanzminderung":0}"#)
        let lists = try #require(limited["drivers"]?.dictionary)
        let items = (lists["positive"]?.arrayValue ?? []) + (lists["negative"]?.arrayValue ?? [])
        #expect(items.count == 2)
        for item in items {
            let d = try #require(item.dictionary)
            let feature = try #require(d["feature"]?.stringValue)
            #expect(d["label"]?.stringValue == feature + " (offline baseline)")
        }
        #expect(limited["decision"]?.dictionary?["threshold"]?.doubleValue == 0.5)
        let full = try Self.answer("/predict_full_stroke", ContractAnswerTests.full())
        let ich = try #require(full["ich_prediction"]?.dictionary)
        #expect(Set(ich["drivers"]?.dictionary?.keys.map { $0 } ?? []) == ["age_years (offline baseline)", "gfap_value (offline baseline)"])
        #expect(ich["decision"]?.dictionary?["recommendation"]?.stringValue != nil)
        // Our decoder maps the labels back to the keys.
        let decoded = try CloudDecoder.fullStroke(Array(ContractAnswerTests.answer("/predict_full_stroke", ContractAnswerTests.full()).text.utf8))
        #expect(Set(decoded.ich.drivers.map(\.feature)) == ["age_years", "gfap_value"])
        let limitedDecoded = try CloudDecoder.limited(Array(ContractAnswerTests.answer("/predict_limited_data_ich",
            #"{"age_years":70,"systolic_bp":150,"diastolic_bp":85,"gfap_value":450,"vigilanzminderung":0}"#).text.utf8))
        #expect(Set(limitedDecoded.drivers.map(\.feature)) == ["age_years", "gfap_value"])
    }
}
