import StrokeModels
import TriageLocalization

/// The human lines of the outcome model (`stroke-triage outcomes`): what it
/// was given, one hedged line per strategy, the comparison, its limits and its
/// source. Estimates, never commands: every line says "estimated" or "suggests".
public enum OutcomeRendering {
    /// The result lines, without the trace and the disclaimer (the front-end adds them).
    public static func lines(_ e: OutcomeEstimate, _ l: Localizer) -> [String] {
        var out = [l.text("outcomes.header", [.text(severity(e, l)), .text(lvo(e, l))])]
        if e.windowOpen {
            out += e.strategies.map { line($0, l) }
            out.append(comparison(e, l))
        } else {
            let race = l.text("outcomes.raceUsed.\(e.severity.isRace ? "given" : "fromNihss")",
                              [.number(e.raceEquivalent, maxFractionDigits: 2)])
            out.append(l.text("outcomes.noWindow.\(e.best.kind.rawValue)", [
                .number(OutcomeModel.thrombolysisLimit, maxFractionDigits: 0),
                .number(OutcomeModel.thrombectomyLimit, maxFractionDigits: 0),
                .text(race), .number(OutcomeModel.noWindowRaceThreshold, maxFractionDigits: 0),
            ]))
        }
        out.append("! " + l.text("outcomes.caveat"))
        out.append(l.text("outcomes.source", [.key("outcomes.modelName")]))
        return out
    }

    /// "NIHSS 14" or "NIHSS 13.95 from RACE 6".
    static func severity(_ e: OutcomeEstimate, _ l: Localizer) -> String {
        switch e.severity {
        case .race(let race):
            return l.text("outcomes.severity.race", [.number(e.nihss, maxFractionDigits: 2), .number(race, maxFractionDigits: 2)])
        case .nihss:
            return l.text("outcomes.severity.nihss", [.number(e.nihss, maxFractionDigits: 2)])
        }
    }

    /// "p(LVO) 62 % (from RACE, the model's estimate)" and the like.
    static func lvo(_ e: OutcomeEstimate, _ l: Localizer) -> String {
        l.text("outcomes.lvo.\(e.lvoSource.rawValue)", [.text(l.percent(e.lvoProbability))])
    }

    /// The strategy's name with its drive (and transfer) minutes.
    static func name(_ s: StrategyOutcome, _ l: Localizer) -> String {
        var args: [MessageArgument] = [.number(s.driveMinutes, maxFractionDigits: 1)]
        if let transfer = s.transferMinutes { args.append(.number(transfer, maxFractionDigits: 1)) }
        return l.text("outcomes.name.\(s.kind.rawValue)", args)
    }

    /// One strategy: its estimate and its times, or why the model does not evaluate it.
    static func line(_ s: StrategyOutcome, _ l: Localizer) -> String {
        let minutes = { (x: Double) in MessageArgument.number(x, maxFractionDigits: 0) }
        guard let p = s.pGoodOutcome else {
            return "  " + l.text("outcomes.strategy.infeasible", [
                .text(name(s, l)), minutes(s.onsetToPunctureMin ?? 0), minutes(OutcomeModel.thrombectomyLimit),
            ])
        }
        var times = s.thrombolysisInWindow
            ? l.text("outcomes.times.needle", [minutes(s.onsetToNeedleMin)])
            : l.text("outcomes.times.lateNeedle", [minutes(s.onsetToNeedleMin), minutes(OutcomeModel.thrombolysisLimit)])
        if let puncture = s.onsetToPunctureMin {
            times += ", " + (s.punctureInWindow
                ? l.text("outcomes.times.puncture", [minutes(puncture)])
                : l.text("outcomes.times.latePuncture", [minutes(puncture), minutes(OutcomeModel.thrombectomyLimit)]))
        }
        return "  " + l.text("outcomes.strategy", [.text(name(s, l)), .text(l.percent(p)), .text(times)])
    }

    /// "An estimated 41 % chance … via drip-and-ship vs 38 % via …", or the only estimate.
    static func comparison(_ e: OutcomeEstimate, _ l: Localizer) -> String {
        let best = e.best
        let via = { (s: StrategyOutcome) in MessageArgument.key("outcomes.via.\(s.kind.rawValue)") }
        let others = e.strategies.enumerated().filter { $0.offset != e.bestIndex && $0.element.feasible }.map(\.element)
        guard let next = others.max(by: { $0.pGoodOutcome! < $1.pGoodOutcome! }), let margin = e.marginPoints else {
            return l.text("outcomes.only", [.text(l.percent(best.pGoodOutcome ?? 0)), via(best)])
        }
        guard e.bestIsMeaningful else {
            return l.text("outcomes.noMeaningfulDifference", [
                .text(l.percent(best.pGoodOutcome!)), via(best), .text(l.percent(next.pGoodOutcome!)), via(next),
                .number(margin, maxFractionDigits: 1), .number(OutcomeEstimate.meaningfulMarginPoints, maxFractionDigits: 0),
            ])
        }
        return l.text("outcomes.best", [
            .text(l.percent(best.pGoodOutcome!)), via(best), .text(l.percent(next.pGoodOutcome!)), via(next),
            .number(margin, maxFractionDigits: 1),
        ])
    }
}
