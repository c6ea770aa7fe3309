import StrokeModels
import Testing

/// The one set of decision rules (docs/clinical-reference.md §11, §12) at every edge:
/// coma, LVO suspected, urgency, recommendations and the ICH reminder.
@Suite struct DecisionRuleTests {
    @Test("coma is GCS ≤ 8: the module's edge and the warning's edge are the same", arguments: 3...15)
    func comaEdge(gcs: Int) {
        #expect(DecisionRules.isComatose(gcs: gcs) == (gcs <= 8))
        let warned = TriageRules.check(.gcs, Double(gcs)).warnings.map(\.code) == ["gcs.considerComa"]
        #expect(warned == DecisionRules.isComatose(gcs: gcs))
    }

    @Test("LVO suspected: the model at 0.333333, FAST-ED at 4, either suffices", arguments: [
        (0.333333 as Double?, 3 as Int?, true as Bool?, ["model"]),
        (0.3333329, 3, false, []),
        (0.3333329, 4, true, ["fastEd"]),
        (0.9, 9, true, ["model", "fastEd"]),
        (nil, 4, true, ["fastEd"]),
        (nil, 3, false, []),
        (0.5, nil, true, ["model"]),
        (nil, nil, nil, []),
    ])
    func lvoSuspected(probability: Double?, fastEd: Int?, suspected: Bool?, basis: [String]) {
        let verdict = LVOVerdict(lvoProbability: probability, fastEd: fastEd)
        #expect(verdict.suspected == suspected)
        #expect(verdict.basis.map(\.rawValue) == basis)
    }

    @Test("a positive scale alone makes LVO suspected; a negative one makes it evaluable")
    func scaleBasis() throws {
        let race = try RaceScale.score(facialPalsy: 2, armMotor: 2, legMotor: 1, gazeDeviation: 0, aphasiaAgnosia: 0)
        #expect(race.positive)
        #expect(LVOVerdict(lvoProbability: nil, fastEd: nil, scales: [race]).basis == [.race])
        let negative = try RaceScale.score(facialPalsy: 0, armMotor: 0, legMotor: 0, gazeDeviation: 0, aphasiaAgnosia: 0)
        let verdict = LVOVerdict(lvoProbability: nil, fastEd: nil, scales: [negative])
        #expect(verdict.suspected == false)
        #expect(verdict.evaluated == [.race])
    }

    @Test("urgency at the ICH edges 0.30 and 0.50 (600 min, no LVO): a decision-grade ICH ≥ 0.30 is urgent, none is the onset's", arguments: [
        (0.5 as Double?, TriageUrgency.immediate),
        (0.4999, .urgent),
        (0.3, .urgent),
        (0.2999, .urgent),
        (nil, .urgent),
    ])
    func urgencyByIch(ich: Double?, urgency: TriageUrgency) {
        #expect(TriageUrgency(ichProbability: ich, lvoSuspected: false, onsetMinutes: 600) == urgency)
        // Inside the thrombolysis window the window decides unless the ICH is likely.
        #expect(TriageUrgency(ichProbability: ich, lvoSuspected: false, onsetMinutes: 60) == (urgency == .immediate ? .immediate : .timeCritical))
        // Beyond 24 h only a decision-grade ICH ≥ 0.30 keeps it above standard.
        let late = TriageUrgency(ichProbability: ich, lvoSuspected: false, onsetMinutes: 2000)
        #expect(late == (urgency == .immediate ? .immediate : (ich ?? 0) >= 0.3 ? .urgent : .standard))
    }

    @Test("urgency by onset: the 270-min window, the 24-h LVO limit, unknown onset is time-critical", arguments: [
        (270.0 as Double?, false as Bool?, TriageUrgency.timeCritical),
        (270.5, false, .urgent),
        (270.5, true, .timeCritical),
        (1440, true, .timeCritical),
        (1440, false, .urgent),
        (1440.5, true, .standard),
        (nil, false, .timeCritical),
        (nil, nil, .timeCritical),
        (300, nil, .urgent),
    ])
    func urgencyByOnset(onset: Double?, lvo: Bool?, urgency: TriageUrgency) {
        #expect(TriageUrgency(ichProbability: 0.1, lvoSuspected: lvo, onsetMinutes: onset) == urgency)
    }

    @Test("urgencies sort standard < urgent < timeCritical < immediate")
    func urgencyOrder() {
        #expect(TriageUrgency.allCases.sorted() == [.standard, .urgent, .timeCritical, .immediate])
        #expect(TriageUrgency.mostUrgentFirst.map(\.rawValue) == ["immediate", "timeCritical", "urgent", "standard"])
    }

    @Test("the ICH reminder uses ≥ like the risk bands: 0.25 reminds, just below does not", arguments: [
        (0.25, true), (0.2499999, false), (0.3, true), (0.5, true), (0.0, false),
    ])
    func reminderEdge(ich: Double, reminds: Bool) throws {
        let codes = ClinicalDecision.recommendations(try Self.assessment(ich: ich), verdict: LVOVerdict(lvoProbability: nil, fastEd: nil)).map(\.code)
        #expect(codes.contains("rec.ich.reconfirmWindow") == reminds)
        #expect(codes.first == "rec.ich.\(RiskLevel(probability: ich).rawValue)")
        #expect(DecisionRules.ichReminderFrom == RiskLevel.mediumFrom)
    }

    @Test("FAST-ED ≥ 4 with an LVO estimate below 33 %: suspected by the exam, time-critical, the reconciling recommendation")
    func examOverridesEstimate() throws {
        var inputs = TriageInputs(module: .full, gfap: 450)
        inputs.age = 70; inputs.sbp = 150; inputs.dbp = 85; inputs.fastEd = 5; inputs.onsetMinutes = 400
        let a = try OfflinePredictionService().assessNow(inputs)
        let d = ClinicalDecision(a)
        #expect((a.lvo?.probability ?? 1) < LVOModel.threshold)
        #expect(d.lvo.suspected == true)
        #expect(d.lvo.basis == [.fastEd])
        #expect(d.recommendations.map(\.code).contains("rec.lvo.onlyScaleSuggestsLvo"))
        // The offline baseline never decides: the suspected LVO within 24 h is time-critical whatever its number.
        #expect(d.ichUsed == false)
        #expect(d.urgency == .timeCritical)
    }

    @Test("coma and limited modules without a scale: LVO not evaluable (null)")
    func noLvoInput() throws {
        let coma = try OfflinePredictionService().assessNow(TriageInputs(module: .coma, gfap: 500))
        #expect(ClinicalDecision(coma).lvo.suspected == nil)
        var limited = TriageInputs(module: .limited, gfap: 100)
        limited.age = 70; limited.sbp = 150; limited.dbp = 85
        #expect(ClinicalDecision(try OfflinePredictionService().assessNow(limited)).lvo.suspected == nil)
    }

    /// A coma assessment whose ICH probability is replaced by `ich` (the rules read only the numbers).
    static func assessment(ich: Double) throws -> Assessment {
        let inputs = TriageInputs(module: .coma, gfap: 500)
        let prediction = Prediction(probability: ich, source: .local, model: "test", drivers: [])
        return try Assessment(inputs: inputs, ich: prediction, lvo: nil, volume: nil, warnings: [])
    }
}
