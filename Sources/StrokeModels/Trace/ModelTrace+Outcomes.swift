/// The reference document of the outcome model's constants.
let outcomeModelMd = "docs/outcome-model.md"

extension OutcomeEstimate {
    /// Every step from severity and p(LVO) to each strategy's chance of a good
    /// outcome and the best strategy (docs/outcome-model.md). Step identifiers
    /// of a strategy are `outcome.<kind>.<step>`; the intermediate values are
    /// recomputed with the same functions that produced the estimate.
    public var trace: ModelTrace {
        let m = OutcomeModel.self
        let ref = outcomeModelMd
        var steps: [TraceStep] = []
        switch severity {
        case .race:
            steps.append(TraceStep("outcome.race", "RACE (given)", value: raceEquivalent, reference: ref))
            steps.append(TraceStep("outcome.nihss", "NIHSS = \(m.nihssAtRaceZero) at RACE 0, else \(m.nihssFromRaceIntercept) + \(m.nihssPerRacePoint) · RACE",
                                   value: nihss, reference: ref))
        case .nihss:
            steps.append(TraceStep("outcome.nihss", "NIHSS (given)", value: nihss, reference: ref))
            steps.append(TraceStep("outcome.race", "RACE = 0 at NIHSS \(m.nihssAtRaceZero), else (NIHSS − (\(m.nihssFromRaceIntercept))) / \(m.nihssPerRacePoint)",
                                   value: raceEquivalent, reference: ref))
        }
        let lvoFormula = lvoSource == .lvoModel ? "p(LVO) (our LVO model: GFAP + FAST-ED)"
            : lvoSource == .given ? "p(LVO) (given)" : "p = 1 / (1 + e^−(\(m.lvoIntercept) + \(m.lvoSlope) · RACE))"
        steps.append(TraceStep("outcome.lvo", lvoFormula, value: lvoProbability, reference: ref))
        let baseline = m.pGoodAfterThrombolysis(onsetToNeedle: .infinity, nihss: nihss)
        steps.append(TraceStep("outcome.baseline", "b = 0.001 · NIHSS² − 0.0615 · NIHSS + 1", value: baseline, reference: ref))
        steps.append(TraceStep("outcome.window", "t_n (nearest thrombolysis hospital) ≤ \(m.thrombolysisLimit) or t_p (thrombectomy center) ≤ \(m.thrombectomyLimit)",
                               text: windowOpen ? "open" : "closed", reference: ref))
        for strategy in strategies { steps += Self.steps(strategy, nihss: nihss, windowOpen: windowOpen) }
        if let noWindowDestination {
            steps.append(TraceStep("outcome.best", "no window: RACE ≥ \(m.noWindowRaceThreshold) → thrombectomy center, else thrombolysis hospital",
                                   value: raceEquivalent, text: noWindowDestination.rawValue, reference: ref))
        } else {
            steps.append(TraceStep("outcome.best", "highest P; margin = (P_best − P_next) · 100 percentage points",
                                   value: marginPoints, text: best.kind.rawValue, reference: ref))
        }
        return ModelTrace(model: model, steps: steps)
    }

    /// The steps of one strategy: its times, the thrombolysis and reperfusion outcomes, and P.
    private static func steps(_ s: StrategyOutcome, nihss: Double, windowOpen: Bool) -> [TraceStep] {
        let m = OutcomeModel.self
        let id = { (step: String) in "outcome.\(s.kind.rawValue).\(step)" }
        let ref = outcomeModelMd
        var out = [TraceStep(id("needle"), "t_n = onset + drive + door-to-needle", value: s.onsetToNeedleMin, reference: ref)]
        if let puncture = s.onsetToPunctureMin {
            let formula = s.kind == .dripAndShip
                ? "t_p = onset + drive + door-to-needle + transfer + (door-to-puncture − door-to-needle)"
                : "t_p = onset + drive + door-to-puncture"
            out.append(TraceStep(id("puncture"), formula, value: puncture, reference: ref))
        }
        guard windowOpen else { return out }
        guard let p = s.pGoodOutcome else {
            out.append(TraceStep(id("pGood"), "t_p > \(m.thrombectomyLimit): not evaluated", text: "not feasible", reference: ref))
            return out
        }
        let lysis = m.pGoodAfterThrombolysis(onsetToNeedle: s.onsetToNeedleMin, nihss: nihss)
        out.append(TraceStep(id("lysis"), "g = b if t_n > \(m.thrombolysisLimit), else odds b/(1 − b) · (2.068 − 0.0031 · t_n) as a probability",
                             value: lysis, reference: ref))
        if s.kind == .thrombolysisCenter {
            out.append(TraceStep(id("pGood"), "P = (1 − p) · g + p · g", value: p, reference: ref))
        } else if let puncture = s.onsetToPunctureMin {
            let r = m.pGoodAfterReperfusion(onsetToReperfusion: puncture, nihss: nihss)
            out.append(TraceStep(id("reperfusion"), "r = exp((−0.00879544 − 9.01419716e-05 · t_p) · NIHSS)", value: r, reference: ref))
            out.append(TraceStep(id("pGood"), "P = (1 − p) · g + (p − \(m.thrombectomyReperfusion) · p) · g + \(m.thrombectomyReperfusion) · p · max(r, g)",
                                 value: p, reference: ref))
        }
        return out
    }
}
