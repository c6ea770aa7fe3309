import StrokeCenters
import StrokeJSON
import StrokeModels
import TriageLocalization

/// The expected outcome by destination beside a routing decision (issue 27;
/// docs/clinical-reference.md §14): its JSON member and its human lines, shown
/// beside the rule-based destination, never instead of it.
public enum RoutingOutcomeRendering {
    /// The stable code (and message key) of the note that the estimate needs a severity.
    public static let needsSeverityCode = "centers.outcomes.needsSeverity"

    /// The members the routing object gains: `outcomes` (the calculator's object,
    /// `ModelJSON.outcomes`) with an estimate; `outcomesUnavailable` (`code`, `message`)
    /// when the estimate applies but has no NIHSS or RACE; nothing when it does not apply.
    public static func members(_ o: RoutingOutcomes?, _ l: Localizer) -> [(String, JSONValue)] {
        switch o {
        case nil: return []
        case .estimate(let e, _, _)?: return [("outcomes", ModelJSON.outcomes(e))]
        case .needsSeverity?:
            return [("outcomesUnavailable", .object([
                ("code", .string(needsSeverityCode)), ("message", .string(l.text(needsSeverityCode))),
            ]))]
        }
    }

    /// The human lines: the model's lines (`OutcomeRendering`) with the centers compared,
    /// and, when the model's best strategy and the rule-based destination differ, both with the reason.
    public static func lines(_ o: RoutingOutcomes?, decision: RoutingDecision?, policy: RoutingPolicy, _ l: Localizer) -> [String] {
        switch o {
        case nil: return []
        case .needsSeverity?: return ["! " + l.text(needsSeverityCode)]
        case .estimate(let e, let lysis, let evt)?:
            var model = OutcomeRendering.lines(e, l)
            let transfer = e.strategies.first { $0.kind == .dripAndShip }?.transferMinutes ?? 0
            let compared = l.text("centers.outcomes.centers", [
                .text(lysis.center.name), .text(evt.center.name), .number(transfer, maxFractionDigits: 0),
            ])
            model.insert(contentsOf: ["  " + compared, "  " + l.text("centers.outcomes.besideRule")], at: 1)
            if let decision, let why = disagreement(e, decision, policy: policy, l) {
                // Before the caveat and the source, the last two lines.
                model.insert("! " + why, at: max(1, model.count - 2))
            }
            return model
        }
    }

    /// The reason the rule-based destination and the model's best strategy differ, `nil` when they agree
    /// or the model names no meaningful best (`OutcomeEstimate.bestIsMeaningful`).
    public static func disagreement(_ e: OutcomeEstimate, _ d: RoutingDecision, policy: RoutingPolicy, _ l: Localizer) -> String? {
        let best = e.best.kind
        // No best strategy is named within the minimum margin, so there is nothing to disagree with.
        guard d.category.outcomeStrategy != best, e.bestIsMeaningful else { return nil }
        let rule = MessageArgument.key("centers.category.\(d.category.rawValue)")
        let via = MessageArgument.key("outcomes.via.\(best.rawValue)")
        switch d.category {
        case .thrombectomy, .dripAndShip:
            return l.text("centers.outcomes.disagree.lvoRule", [
                rule, via, .number(max(0, d.extraMinutes ?? 0), maxFractionDigits: 0),
                .number(policy.maxExtraMinutes, maxFractionDigits: 0),
            ])
        case .neurosurgical, .neurosurgicalTransfer, .neurosurgicalOrComprehensive:
            return l.text("centers.outcomes.disagree.ichRule", [rule, via])
        case .thrombolysis, .strokeUnit:
            return l.text("centers.outcomes.disagree.windowRule", [rule, via, .text(l.percent(e.lvoProbability))])
        }
    }
}
