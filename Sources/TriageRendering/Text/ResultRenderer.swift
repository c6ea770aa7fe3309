import Foundation
import StrokeModels
import TriageLocalization

/// The human form of an assessment: probability bars with the level in
/// words, volume, signed driver bars, hedged recommendations, sources and
/// model versions, caveats, routing and the disclaimer. Used by the
/// walkthrough and the module commands alike.
///
/// ```swift
/// let outcome = AssessmentOutcome(assessment: assessment, routing: nil, computedAt: Date())
/// let text = ResultRenderer(localizer: Localizer(language: .en), style: TextStyle()).lines(outcome)
/// let json = AssessmentJSON.assessment(outcome.assessment).serialized()
/// ```
public struct ResultRenderer: Sendable {
    /// The language of the text.
    public let localizer: Localizer
    /// Colour and width.
    public let style: TextStyle
    /// Every detail (notes, drivers, volume, routing reasons and alternatives); else the
    /// result that fits a glance: the summary, the estimates with their source, the
    /// recommendations, the warnings and where the details are (`moreHint`).
    public let details: Bool
    /// The localization key of the line that says how to see the details (concise result only).
    public let moreHint: String

    /// A renderer writing in `localizer`'s language with `style`.
    public init(localizer: Localizer, style: TextStyle, details: Bool = true, moreHint: String = "walk.result.moreFlag") {
        self.localizer = localizer
        self.style = style
        self.details = details
        self.moreHint = moreHint
    }

    /// Width of the label column of the probability and driver lines.
    public static let labelWidth = 24

    /// Every line of the result, ready to print (all details, or the result that fits a glance).
    public func lines(_ outcome: AssessmentOutcome) -> [String] {
        let a = outcome.assessment
        let l = localizer
        let decision = outcome.decision
        var out = ["", style.bold(l.text("walk.result.title"))]
        // The crew summary first (five items, each line fitting 80 columns; the flags continue on indented lines); the details follow.
        for line in DecisionRendering.summary(decision, assessment: a, routing: outcome.routing, l) { out += style.wrap(line, hangingIndent: "  ") }
        out.append("")
        // At a glance a number that is not decision-grade (the offline baseline) shows no bar, percentage or
        // risk word: the summary says the ICH is not assessable before imaging (issue 44). Each cloud
        // fallback reason is said once, under the first estimate shown, else among the warnings.
        // At a glance "Cloud not used" is said once, with the first reason, even when the two calls failed differently;
        // --details gives each estimate its own reason.
        let glance = !details && ClinicalDecision.decisionGradeICH(a.ich) == nil
        let fallbacks = [a.ich.fallbackReason, a.lvo?.fallbackReason].compactMap { $0 }
        var fallbackSaid = false
        if !glance {
            out += prediction(a.ich, label: "walk.result.ich", module: a.module, fallback: details || !fallbackSaid)
            fallbackSaid = fallbackSaid || a.ich.fallbackReason != nil
        }
        if let lvo = a.lvo {
            out += prediction(lvo, label: "walk.result.lvo", module: a.module, fallback: details || !fallbackSaid)
            fallbackSaid = fallbackSaid || lvo.fallbackReason != nil
        }
        if details {
            for (i, line) in ScaleRendering.resultLines(a, l).enumerated() { out += style.wrap(i == 0 ? line : "  " + line, hangingIndent: "    ") }
            if let volume = a.volume { out += self.volume(volume) }
        }
        // At a glance the summary already says the offline ICH changed nothing (`rec.ich.notDecisionGrade`).
        let advice = decision.recommendations.filter { details || $0.code != "rec.ich.notDecisionGrade" }.map { l.render($0.message) }
        if !advice.isEmpty {
            out.append(style.bold(l.text("walk.result.recommendation")))
            for text in advice { out += style.wrap(text, indent: "  ") }
        }
        // At a glance a warning the summary's flags line already carries (under 18) is not repeated.
        let flagged: Set<String> = details ? [] : ["age.minor"]
        let warnings = (fallbackSaid ? [] : fallbacks.prefix(1).map { l.text("walk.result.fallback", [.message($0)]) })
            + generalWarnings(a, leavingOut: flagged)
        if !warnings.isEmpty {
            out.append(style.bold(l.text("walk.result.warnings")))
            for text in warnings { out += style.wrap("! " + text, indent: "  ", hangingIndent: "    ").map(style.warning) }
        }
        if let routing = outcome.routing, details {
            out.append(style.bold(l.text("walk.result.routing")))
            for line in routing.lines { out += style.wrapKeepingIndent(line) }
        }
        if details {
            // The protocol in force, by id and the first 12 hex digits of its sha256 (issue 44).
            out += style.wrap(l.text("walk.result.protocol", [.text(decision.protocolReference.id),
                                                              .text(String(decision.protocolReference.sha256.prefix(12)))]))
        } else {
            out += style.wrap(l.text(moreHint))
        }
        out += style.wrap(l.text("disclaimer.short"))
        return out
    }

    /// A probability with its level in words, e.g. "52 % (high)", or that there is none.
    public func probabilityText(_ p: Prediction) -> String {
        guard let probability = p.probability, let level = p.riskLevel else { return localizer.text("walk.result.notApplicable") }
        return localizer.text("walk.result.percentLevel", [.text(localizer.percent(probability)), .key("risk.\(level.rawValue)")])
    }

    /// "Source: offline baseline, model …".
    public func sourceText(_ source: PredictionSource, model: String) -> String {
        localizer.text("walk.result.source", [.key("source.\(source.rawValue)"), .text(model)])
    }

    /// Assessment warnings not already shown as a prediction's note (the LVO verdict is the
    /// decision's, never repeated as a warning: `Assessment.verdictStatedByTheDecision`).
    public func generalWarnings(_ a: Assessment, leavingOut codes: Set<String> = []) -> [String] {
        let shown = Set(a.ich.notes + (a.lvo?.notes ?? []))
        return a.warnings.filter { !shown.contains($0) && !codes.contains($0.code) }.map { localizer.render($0.message) }
    }

    /// One line naming what the model behind `p` read when it did not read every
    /// input of the module ("This model reads only GFAP, FAST-ED (2 of 13 inputs)"),
    /// or `nil` when it read them all. Inputs no model takes (the contract does not carry them:
    /// blood glucose, which only the decision reads) are not counted.
    public func unusedInputsText(_ p: Prediction, module: TriageModule) -> String? {
        let keys = InputKey.contractKeys(for: module).map(\.json)
        let used = keys.filter(p.inputsUsed.contains)
        guard used.count < keys.count, !used.isEmpty else { return nil }
        return localizer.text("walk.result.readsOnly", [
            .text(used.map(inputLabel).joined(separator: ", ")),
            .number(Double(used.count), maxFractionDigits: 0), .number(Double(keys.count), maxFractionDigits: 0),
        ])
    }

    /// An input's label in the user's language (`field.*`, else `walk.finding.*`).
    public func inputLabel(_ key: String) -> String {
        let field = localizer.text("field.\(key)")
        return field == "field.\(key)" ? localizer.text("walk.finding.\(key)") : field
    }

    /// A driver's label in the user's language from the `DriverCatalogue`
    /// (a name outside the catalogue as the cloud sent it, control characters escaped).
    public func featureName(_ feature: String) -> String {
        guard let entry = DriverCatalogue.entry(feature) else { return feature.escapingControlCharacters }
        return localizer.text(entry.labelKey)
    }

    private func prediction(_ p: Prediction, label: String, module: TriageModule, fallback: Bool = true) -> [String] {
        let l = localizer
        let title = TextStyle.pad(l.text(label), to: Self.labelWidth)
        var out: [String] = []
        if let probability = p.probability, let level = p.riskLevel {
            out.append(title + ResultBars.probability(probability) + " " + l.percent(probability) + "  "
                       + style.level(l.text("risk.\(level.rawValue)"), level))
        } else {
            out += style.wrap(title + l.text("walk.result.notApplicable"), hangingIndent: "  ")
        }
        out += style.wrap(sourceText(p.source, model: p.model), indent: "  ", hangingIndent: "    ")
        if fallback, let reason = p.fallbackReason {
            out += style.wrap("! " + l.text("walk.result.fallback", [.message(reason)]), indent: "  ", hangingIndent: "    ").map(style.warning)
        }
        guard details else {
            // Without a number, its notes say why (e.g. the baseline applies from age 18).
            guard p.probability == nil else { return out }
            return out + p.notes.flatMap { style.wrap("! " + l.render($0.message), indent: "  ", hangingIndent: "    ").map(style.warning) }
        }
        if let unused = unusedInputsText(p, module: module) { out += style.wrap(unused, indent: "  ", hangingIndent: "    ") }
        for note in p.notes {
            out += style.wrap("! " + l.render(note.message), indent: "  ", hangingIndent: "    ").map(style.warning)
        }
        if !p.drivers.isEmpty {
            out.append("  " + l.text("walk.result.drivers"))
            let largest = p.drivers.map { abs($0.weight) }.max() ?? 0
            for driver in p.drivers.prefix(5) {
                let sign = driver.weight > 0 ? "+" : (driver.weight < 0 ? "−" : " ")
                let value = sign + fixed(abs(driver.weight))
                out.append("    " + TextStyle.pad(featureName(driver.feature), to: 18) + TextStyle.pad(value, to: 7)
                           + ResultBars.signed(driver.weight, largest: largest))
            }
        }
        return out
    }

    /// A number with exactly two decimals in the user's notation ("1.00" / "1,00").
    public func fixed(_ value: Double) -> String {
        let text = String(format: "%.2f", value)
        return localizer.language == .de ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    private func volume(_ v: VolumeEstimate) -> [String] {
        let l = localizer
        var out: [String] = []
        guard v.isEstimated else {
            return style.wrap(l.text("walk.result.volume") + ": " + l.text("walk.result.noVolume"))
        }
        let ml = { (x: Double) in l.number(x, maxFractionDigits: 1) }
        out += style.wrap(l.text("volume.result", [.text(ml(v.volumeMl)), .text(ml(v.rangeMl.lowerBound)), .text(ml(v.rangeMl.upperBound))]),
                          hangingIndent: "  ")
        out += style.wrap(l.text("volume.severity", [.key("severity.\(v.severity.rawValue)")]),
                          indent: "  ", hangingIndent: "    ")
        out += style.wrap(sourceText(.local, model: VolumeModel.version), indent: "  ", hangingIndent: "    ")
        return out
    }
}
