import StrokeModels
import Testing
import TriageLocalization
import TriageRendering

/// The human lines of `stroke-triage outcomes`, wrapped as the CLI wraps them (English, NO_COLOR),
/// and the labels of its `--explain` trace.
@Suite struct OutcomeRenderingTests {
    static let english = Localizer(language: .en)
    static let german = Localizer(language: .de)

    static func estimate(_ severity: OutcomeInputs.Severity, lvo: Double? = nil, onset: Double, lysis: Double,
                         thrombectomy: Double, transfer: Double) throws -> OutcomeEstimate {
        try OutcomeModel.estimate(OutcomeInputs(severity: severity, lvoProbability: lvo, onsetMinutes: onset,
                                                toThrombolysis: lysis, toThrombectomy: thrombectomy, transfer: transfer))
    }

    /// The lines as `stroke-triage outcomes` prints them, without the disclaimer.
    static func printed(_ e: OutcomeEstimate, _ l: Localizer = english) -> String {
        OutcomeRendering.lines(e, l).flatMap(TextStyle().wrapKeepingIndent).joined(separator: "\n")
    }

    static let caveat = """
        ! An estimate for ischaemic stroke from a published model: it does not account
        for haemorrhage, stroke mimics or hospital performance, and it does not replace
        the rule-based destination or clinical judgement.
        Source: Ali et al., Stroke 2018 (acute outcomes, base case); research extension
        (docs/outcome-model.md).
        """

    @Test func threeStrategiesAndTheComparison() throws {
        let e = try Self.estimate(.race(6), onset: 60, lysis: 15, thrombectomy: 45, transfer: 40)
        #expect(Self.printed(e) == """
            Expected outcome by destination for NIHSS 13.95 (from RACE 6), p(LVO) 60 % (the
            model's estimate from RACE):
              Nearest thrombolysis hospital (drive 15 min): an estimated 46 % chance of a
                good outcome (mRS 0–2) at 90 days; thrombolysis about 136 min after onset.
              Thrombectomy center directly (drive 45 min): an estimated 53 % chance of a
                good outcome (mRS 0–2) at 90 days; thrombolysis about 157 min after onset,
                thrombectomy about 250 min after onset.
              Drip-and-ship (drive 15 min, transfer 40 min): an estimated 53 % chance of a
                good outcome (mRS 0–2) at 90 days; thrombolysis about 136 min after onset,
                thrombectomy about 260 min after onset.
            An estimated 53 % chance of a good outcome at 90 days via drip-and-ship and 53 %
            via the thrombectomy center directly: 0.2 percentage points apart, within 1
            point, so the strategies do not differ meaningfully.
            """ + "\n" + Self.caveat)
    }

    @Test func lateTimesAndAnInfeasibleDripAndShipAreSaid() throws {
        let e = try Self.estimate(.race(8), onset: 150, lysis: 10, thrombectomy: 70, transfer: 65)
        let text = Self.printed(e)
        #expect(text.contains("""
              Thrombectomy center directly (drive 70 min): an estimated 35 % chance of a
                good outcome (mRS 0–2) at 90 days; no benefit from thrombolysis (about 272
                min after onset, past 270 min), thrombectomy about 365 min after onset (past
                360 min; the model still counts it).
            """))
        #expect(text.contains("""
              Drip-and-ship (drive 10 min, transfer 65 min): no estimate; thrombectomy after
                the transfer would start about 370 min after onset, past the model's limit
                of 360 min.
            """))
        #expect(text.contains("via the thrombectomy\ncenter directly vs 26 % via the nearest thrombolysis hospital (9.4 percentage\npoints higher)."))
    }

    @Test func noWindowNamesTheSeverityRule() throws {
        let e = try Self.estimate(.nihss(14), lvo: 0.8, onset: 200, lysis: 15, thrombectomy: 80, transfer: 70)
        #expect(Self.printed(e) == """
            Expected outcome by destination for NIHSS 14, p(LVO) 80 % (as given):
            No treatment window remains in the model (thrombolysis later than 270 min and
            thrombectomy later than 360 min after onset), so it gives no estimate; by
            severity (RACE equivalent of the NIHSS 6.02; 5 or more) it suggests the
            thrombectomy center.
            """ + "\n" + Self.caveat)
        let low = try Self.estimate(.race(3), onset: 400, lysis: 15, thrombectomy: 80, transfer: 70)
        #expect(Self.printed(low).contains("severity (RACE 3; below 5) it suggests the nearest thrombolysis hospital."))
    }

    @Test func everyLineIsTranslatedInBothLanguages() throws {
        let cases = [
            try Self.estimate(.race(6), onset: 60, lysis: 15, thrombectomy: 45, transfer: 40),
            try Self.estimate(.race(8), onset: 150, lysis: 10, thrombectomy: 70, transfer: 65),
            try Self.estimate(.nihss(14), lvo: 0.8, onset: 200, lysis: 15, thrombectomy: 80, transfer: 70),
            try Self.estimate(.nihss(5), onset: 400, lysis: 15, thrombectomy: 80, transfer: 70),
            try Self.estimate(.race(0), onset: 30, lysis: 10, thrombectomy: 70, transfer: 65),
        ]
        for e in cases {
            for l in [Self.english, Self.german] {
                let text = OutcomeRendering.lines(e, l).joined(separator: "\n")
                #expect(!text.contains("outcomes."), "untranslated key in \(l.language): \(text)")
                for step in e.trace.steps {
                    #expect(TraceRendering.label(step.id, l) != "trace.\(step.id)", "no label for \(step.id) in \(l.language)")
                }
            }
        }
    }

    @Test func theTraceReproducesEveryProbability() throws {
        let e = try Self.estimate(.race(6), onset: 60, lysis: 15, thrombectomy: 45, transfer: 40)
        let trace = e.trace
        for s in e.strategies {
            #expect(trace.value("outcome.\(s.kind.rawValue).pGood") == s.pGoodOutcome)
            #expect(trace.value("outcome.\(s.kind.rawValue).needle") == s.onsetToNeedleMin)
        }
        #expect(trace.value("outcome.lvo") == e.lvoProbability && trace.value("outcome.nihss") == e.nihss)
        #expect(trace.steps.last?.text == e.best.kind.rawValue && trace.steps.last?.value == e.marginPoints)
    }
}
