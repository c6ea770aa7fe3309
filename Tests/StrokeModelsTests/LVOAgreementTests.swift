import StrokeModels
import Testing

/// FAST-ED against the LVO probability: the four relations at their edges,
/// and the assessment-level comparison.
@Suite struct LVOAgreementTests {
    @Test("each relation at the thresholds (FAST-ED 4, probability 0.333333)", arguments: [
        (4, 0.333333, LVOAgreement.Status.bothSuggestLvo),
        (3, 0.3333329, .neitherSuggestsLvo),
        (4, 0.3333329, .onlyScaleSuggestsLvo),
        (9, 0.0, .onlyScaleSuggestsLvo),
        (3, 0.333333, .onlyModelSuggestsLvo),
        (0, 1.0, .onlyModelSuggestsLvo),
    ])
    func relation(fastEd: Int, probability: Double, status: LVOAgreement.Status) {
        let agreement = LVOAgreement(fastEd: fastEd, probability: probability)
        #expect(agreement.status == status)
        #expect(agreement.agrees == (status == .bothSuggestLvo || status == .neitherSuggestsLvo))
        #expect(agreement.lvoSuspected == (status != .neitherSuggestsLvo))
        #expect(agreement.message.key == "lvo.agreement.\(status.rawValue)")
    }

    @Test("FAST-ED 5 with GFAP 450 gives 17 %: the scale suggests LVO, the model does not; the safer reading is LVO")
    func issueExample() throws {
        var inputs = TriageInputs(module: .full, gfap: 450)
        inputs.age = 70; inputs.sbp = 150; inputs.dbp = 85; inputs.fastEd = 5
        let assessment = try OfflinePredictionService().assessNow(inputs)
        let agreement = try #require(LVOAgreement(assessment))
        #expect(agreement.status == .onlyScaleSuggestsLvo)
        #expect(agreement.lvoSuspected)
    }

    @Test("no comparison without an LVO probability (limited module)")
    func absentWithoutLvo() throws {
        var inputs = TriageInputs(module: .limited, gfap: 450)
        inputs.age = 70; inputs.sbp = 150; inputs.dbp = 85
        #expect(LVOAgreement(try OfflinePredictionService().assessNow(inputs)) == nil)
    }

    @Test("each offline prediction names the inputs its model read")
    func inputsUsed() throws {
        var inputs = TriageInputs(module: .full, gfap: 450)
        inputs.age = 70; inputs.sbp = 150; inputs.dbp = 85; inputs.fastEd = 5
        let a = try OfflinePredictionService().assessNow(inputs)
        #expect(a.ich.inputsUsed == ["age", "gfap"])
        #expect(a.lvo?.inputsUsed == ["gfap", "fastEd"])
        let coma = try OfflinePredictionService().assessNow(TriageInputs(module: .coma, gfap: 450))
        #expect(coma.ich.inputsUsed == ["gfap"])
        for module in TriageModule.allCases { #expect(module.inputKeys.contains("gfap")) }
    }
}
