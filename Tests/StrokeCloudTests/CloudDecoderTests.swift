import Testing
import StrokeCloud
import StrokeModels

/// Every documented answer shape of cloud-api.md, decoded.
@Suite struct CloudDecoderTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func weight(_ drivers: [Driver], _ feature: String) -> Double? { drivers.first { $0.feature == feature }?.weight }

    @Test func comaAcceptsIntegerProbabilitiesAndEitherName() throws {
        let a = try CloudDecoder.coma(bytes(#"{"ich_probability": 1, "drivers": {"kind": "trained", "positive": [{"label": "gfap_value", "weight": 2}], "negative": []}}"#))
        #expect(a.probability == 1)
        #expect(weight(a.drivers, "gfap_value") == 2)
        #expect(try CloudDecoder.coma(bytes(#"{"probability": 0.25}"#)).probability == 0.25)
    }

    /// The reference labels trained answers `simple_gfap_based` too: the label alone
    /// never rejects an answer (`PlaceholderRule` judges the values).
    @Test func comaPlaceholderLabelAloneIsNotRejected() throws {
        let text = #"{"probability": 0.6, "drivers": {"kind": "simple_gfap_based", "positive": [], "negative": []}}"#
        #expect(try CloudDecoder.coma(bytes(text)).probability == 0.6)
    }

    @Test func limitedNegativeWeightsKeepTheirSign() throws {
        let a = try CloudDecoder.limited(bytes(#"{"ich_probability": 0.42, "drivers": {"kind": "logistic_contributions", "positive": [{"label": "gfap_value", "weight": 1.2}], "negative": [{"label": "age_years", "weight": -0.3}]}}"#))
        #expect(a.probability == 0.42)
        #expect(weight(a.drivers, "age_years") == -0.3)
        #expect(weight(a.drivers, "gfap_value") == 1.2)
    }

    @Test func fullStrokeFlatICHDriversAndLVOMagnitudesNegated() throws {
        let a = try CloudDecoder.fullStroke(bytes(#"""
        {"ich_prediction": {"probability": 0.31, "drivers": {"age_years": 0.12, "gfap_value": 0.9, "headache": -0.05}},
         "lvo_prediction": {"probability": 0.51, "drivers": {"kind": "new_model_calibrated", "units": "logit_contribution",
           "positive": [{"label": "fast_ed_score", "weight": 1.3}], "negative": [{"label": "gfap_value", "weight": 0.8}],
           "meta": {"riskLevel": "moderate"}}}}
        """#))
        #expect(a.ich.probability == 0.31)
        #expect(weight(a.ich.drivers, "headache") == -0.05)
        #expect(a.ich.drivers.count == 3)
        #expect(a.lvo?.probability == 0.51)
        #expect(weight(a.lvo?.drivers ?? [], "gfap_value") == -0.8)
        #expect(weight(a.lvo?.drivers ?? [], "fast_ed_score") == 1.3)
    }

    @Test func fullStrokeToleratesMissingLVOAndDriverErrors() throws {
        let a = try CloudDecoder.fullStroke(bytes(#"{"ich_prediction": {"probability": 0, "drivers": {"error": "Driver calculation failed"}}}"#))
        #expect(a.ich.probability == 0)
        #expect(a.ich.drivers.isEmpty)
        #expect(a.lvo == nil)
    }

    @Test func lvoKeepsTheUnroundedProbabilityAndModelName() throws {
        let a = try CloudDecoder.lvo(bytes(#"{"probability": 0.5119570957664139, "is_lvo": 1, "model": "Production LVO Model v1.0", "risk_factors": [{"name": "High FAST-ED Score", "value": 7, "impact": "increase", "contribution": 1.43}, {"name": "GFAP", "impact": "decrease", "contribution": 0.5}]}"#))
        #expect(a.probability == 0.5119570957664139)
        #expect(a.modelName == "Production LVO Model v1.0")
        // Risk-factor names map to the driver catalogue's keys.
        #expect(weight(a.drivers, "gfap_value") == -0.5)
        #expect(weight(a.drivers, "fast_ed_score") == 1.43)
        #expect(try CloudDecoder.lvo(bytes(#"{"probability": 0.2}"#)).drivers.isEmpty)
    }

    @Test(arguments: [
        #"{"probability": NaN}"#, #"{"probability": Infinity}"#, #"{"probability": 0.5,"#, "<html>", "",
    ])
    func invalidJSONIsMalformed(text: String) {
        #expect { try CloudDecoder.lvo(bytes(text)) } throws: { ($0 as? CloudError)?.code == "cloud.malformed" }
    }

    @Test(arguments: [
        #"{"probability": "0.5"}"#, #"{"probability": null}"#, #"{"probability": true}"#, #"{"probability": 1.5}"#,
        #"[0.5]"#, #"{}"#,
    ])
    func wrongShapesAreWrongTypes(text: String) {
        #expect { try CloudDecoder.lvo(bytes(text)) } throws: { ($0 as? CloudError)?.code == "cloud.wrongTypes" }
    }

    @Test func driverListsOfTheWrongShapeAreWrongTypes() {
        let text = #"{"ich_probability": 0.4, "drivers": {"positive": [{"label": 3, "weight": "x"}]}}"#
        #expect { try CloudDecoder.limited(bytes(text)) } throws: { ($0 as? CloudError)?.code == "cloud.wrongTypes" }
    }

    @Test func sessionDecodes() throws {
        let s = try CloudDecoder.session(bytes(#"{"success": true, "session_token": "abc", "expires_at": "2026-01-01T00:00:00Z", "session_duration": 14400}"#))
        #expect(s == ResearchSession(token: "abc", expiresAt: "2026-01-01T00:00:00Z"))
    }

    @Test func errorTextIsCutAtTheFirstColonAndBounded() {
        #expect(CloudDecoder.errorText(bytes(#"{"error": "Invalid or missing input data: age 130"}"#)) == "Invalid or missing input data")
        #expect(CloudDecoder.errorText(bytes(#"{"error": "Model could not be loaded."}"#)) == "Model could not be loaded")
        #expect(CloudDecoder.errorText(bytes(#"{"success": false, "message": "Invalid credentials"}"#)) == "Invalid credentials")
        #expect(CloudDecoder.errorText(bytes("not json")) == nil)
        #expect((CloudDecoder.errorText(bytes("{\"error\": \"" + String(repeating: "x", count: 500) + "\"}")) ?? "").count == 100)
    }
}
