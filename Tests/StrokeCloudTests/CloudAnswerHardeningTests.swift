import Foundation
import StrokeCloud
import StrokeModels
import Testing

/// What the live run against the reference functions found: the placeholder
/// judged by its values, drift at the answer's precision, one driver
/// catalogue, the cloud's risk label kept, every failed function named.
@Suite struct CloudAnswerHardeningTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Placeholder rule

    @Test func thePlaceholderIsRecognisedByItsValuesNotItsLabel() throws {
        // A trained model's answer labelled as the reference labels it is a model.
        let labelled = #"{"probability": 0.1667, "drivers": {"kind": "simple_gfap_based", "positive": [], "negative": []}}"#
        let answer = try CloudDecoder.coma(Self.bytes(labelled))
        #expect(answer.probability == 0.1667)
        #expect(PlaceholderRule.verdict(first: 0.1667, second: 0.1667, gfap: 100) == nil)
        // Stepped values: exactly on a step, or noisy around one.
        #expect(PlaceholderRule.verdict(first: 0.4, second: 0.4, gfap: 150) == .steppedPlaceholder)
        #expect(PlaceholderRule.verdict(first: 0.3612, second: 0.4391, gfap: 150) == .steppedPlaceholder)
        // Two different answers far from any step: non-deterministic all the same.
        #expect(PlaceholderRule.verdict(first: 0.91, second: 0.05, gfap: 150) == .nonDeterministic)
        // At a cut point either neighbouring step counts.
        #expect(PlaceholderRule.stepValues(gfap: 100) == [0.25, 0.4])
        #expect(PlaceholderRule.stepValues(gfap: 20) == [0.1])
        #expect(PlaceholderRule.stepValues(gfap: 9000) == [0.8])
    }

    @Test func theServiceAsksTwiceAndRejectsTheNoisyOrExactPlaceholder() async throws {
        try await FakeCloudServer.with { server in
            for (fault, reason) in [("stepped", "cloud.error.notAModel"), ("stepped-exact", "cloud.error.notAModel")] {
                let (url, run) = server.base(fault)
                let service = CloudPredictionService(client: CloudTestSupport.client(url), fallback: true)
                let a = try await service.assess(CloudTestSupport.coma)
                #expect(a.ich.source == .baseline, "\(fault)")
                #expect(a.ich.fallbackReason?.key == reason, "\(fault)")
                #expect(try server.counts(run)["predict_coma_ich"] == 2)
            }
            let (url, _) = server.base("simple-kind")
            let service = CloudPredictionService(client: CloudTestSupport.client(url), fallback: false)
            let a = try await service.assess(CloudTestSupport.coma)
            #expect(a.ich.source == .cloud && a.ich.model == "predict_coma_ich")
        }
    }

    // MARK: Drift at the answer's precision

    @Test func driftIsJudgedAtThePrecisionTheAnswerCarries() {
        #expect(DriftCheck.halfUnitInLastPlace(0.512) == 0.0005)
        #expect(DriftCheck.decimals(of: 0.5119570957664139) == 16)
        #expect(DriftCheck.decimals(of: 1e-06) == 6)
        #expect(DriftCheck.decimals(of: 1.0) == 0)
        #expect(DriftCheck.drift(cloud: 0.512, local: 0.5119570957664139) == nil)
        #expect(DriftCheck.drift(cloud: 0.5119570957664139, local: 0.5119570957664139) == nil)
        #expect(DriftCheck.drift(cloud: 0.5219570957664139, local: 0.5119570957664139) == DriftCheck.minimumTolerance)
        #expect(DriftCheck.drift(cloud: 0.513, local: 0.5119570957664139) == 0.0005)
    }

    @Test func lvoFromFullStrokesRoundedAnswerIsNoDrift() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("unavailable@predict_lvo").url), fallback: true)
            let a = try await service.assess(CloudTestSupport.full)
            #expect(a.lvo?.model == "predict_full_stroke lvo_prediction")
            #expect(!a.warnings.contains { $0.code == "cloud.drift" })
        }
    }

    // MARK: One driver catalogue, the cloud's labels kept

    @Test func cloudRiskFactorNamesMapToTheCatalogue() throws {
        let text = #"""
            {"probability": 0.5119570957664139, "risk_level": "moderate", "model": "Production LVO Model v1.0",
             "risk_factors": [{"name": "High FAST-ED Score", "impact": "increase", "contribution": 1.43},
                              {"name": "Low GFAP", "impact": "increase", "contribution": 0.5}]}
            """#
        let answer = try CloudDecoder.lvo(Self.bytes(text))
        #expect(answer.drivers.map(\.feature) == ["fast_ed_score", "gfap_value"])
        #expect(answer.drivers.map(\.cloudLabel) == ["High FAST-ED Score", "Low GFAP"])
        #expect(answer.riskLevel == "moderate")
        #expect(DriverCatalogue.key(forCloudName: "beinparese") == "beinparese")
        #expect(DriverCatalogue.key(forCloudName: "Something else") == nil)
    }

    @Test func equalWeightsAreSortedByKeyAndMinusZeroIsZero() {
        let p = Prediction(probability: 0.3, source: .cloud, model: "m", drivers: [
            Driver(feature: "beinparese", weight: -0.1), Driver(feature: "antiplatelets", weight: 0.1),
            Driver(feature: "age_years", weight: -0.0), Driver(feature: "anticoagulated_noak", weight: 0.1),
            Driver(feature: "gfap_value", weight: 0.9),
        ])
        #expect(p.drivers.map(\.feature) == ["gfap_value", "anticoagulated_noak", "antiplatelets", "beinparese", "age_years"])
        #expect(p.drivers.last?.weight.sign == .plus)
    }

    @Test func theCloudsRiskLabelIsKeptWithANoteWhenItDiffers() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("refnames").url), fallback: false)
            let a = try await service.assess(CloudTestSupport.full)
            let lvo = try #require(a.lvo)
            let p = try #require(lvo.probability)
            let expected = p >= 0.7 ? "high" : p >= 0.4 ? "moderate" : "low"
            #expect(lvo.cloudRiskLevel == expected)
            let ours = ["low": RiskLevel.low, "moderate": .medium, "high": .high][expected]
            #expect(lvo.notes.contains { $0.code == "cloud.riskLevelDiffers" } == (lvo.riskLevel != ours))
            #expect(lvo.drivers.allSatisfy { $0.cloudLabel != nil })
            #expect(Set(lvo.drivers.map(\.feature)) == ["fast_ed_score", "gfap_value"])
        }
    }

    // MARK: Every failed function named

    @Test func cloudModeNamesEveryFailedFunction() async throws {
        try await FakeCloudServer.with { server in
            let service = CloudPredictionService(client: CloudTestSupport.client(server.base("status-503").url, maxAttempts: 1),
                                                 fallback: false)
            do {
                _ = try await service.assess(CloudTestSupport.full)
                Issue.record("expected a failure")
            } catch let error as CloudError {
                #expect(error.failures.map(\.function) == ["predict_full_stroke", "predict_lvo"])
                #expect(error.code == "cloud.several")
                #expect(error.isUnavailable)
            }
        }
    }
}
