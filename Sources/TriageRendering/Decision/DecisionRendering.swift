import StrokeCenters
import StrokeJSON
import StrokeModels
import TriageLocalization

/// The engine's one decision (`ClinicalDecision`) as every front-end shows it:
/// the JSON `decision` object and the crew summary. Nothing here decides; it
/// only renders what `ClinicalDecision` and the routing decided.
///
/// ```json
/// "decision": {"urgency": "timeCritical", "lvoSuspected": true, "lvoBasis": ["model", "fastEd"],
///              "recommendations": [{"code": "rec.ich.low", "text": "…"}], "summary": ["…"]}
/// ```
public enum DecisionRendering {
    /// The most lines the crew summary has (for a moving ambulance).
    public static let maximumSummaryLines = 5

    /// The `decision` object (English texts, like every JSON text), with the summary of `assessment` and `routing`.
    public static func json(_ d: ClinicalDecision, assessment: Assessment, routing: RoutingSummary?) -> JSONValue {
        let english = ModelJSON.english
        return .object([
            ("urgency", .string(d.urgency.rawValue)),
            ("lvoSuspected", d.lvo.suspected.map(JSONValue.bool) ?? .null),
            ("lvoBasis", .strings(d.lvo.basis.map(\.rawValue))),
            ("recommendations", .array(d.recommendations.map { r in
                .object([("code", .string(r.code)), ("text", .string(english.render(r.message)))])
            })),
            ("summary", .strings(summary(d, assessment: assessment, routing: routing, english))),
        ])
    }

    /// The hedged recommendation texts in the user's language.
    public static func recommendationTexts(_ d: ClinicalDecision, _ l: Localizer) -> [String] {
        d.recommendations.map { l.render($0.message) }
    }

    /// At most five lines for a crew: ICH, LVO with the verdict (when evaluable),
    /// the destination with its phone, the urgency with the drive time.
    public static func summary(_ d: ClinicalDecision, assessment a: Assessment, routing: RoutingSummary?, _ l: Localizer) -> [String] {
        var lines = [l.text("decision.summary.ich", [.text(probability(a.ich.probability, l)), .key("source.\(a.ich.source.rawValue)")])]
        if let lvo = lvoLine(d, a, l) { lines.append(lvo) }
        let urgency = MessageArgument.key("decision.urgency.\(d.urgency.rawValue)")
        if let routing, routing.covered {
            if let destination = routing.destination {
                let c = destination.center
                lines.append(c.phone.map { l.text("decision.summary.destinationPhone", [.text(c.name.escapingControlCharacters), .text($0.escapingControlCharacters)]) }
                             ?? l.text("decision.summary.destination", [.text(c.name.escapingControlCharacters)]))
                let minutes = MessageArgument.number(destination.driveMinutes.rounded(), maxFractionDigits: 0)
                lines.append(l.text("decision.summary.urgencyDrive", [urgency, minutes]))
                return Array(lines.prefix(maximumSummaryLines))
            }
        } else if routing != nil {
            lines.append(l.text("decision.summary.noDestination"))
        }
        lines.append(l.text("decision.summary.urgency", [urgency]))
        return Array(lines.prefix(maximumSummaryLines))
    }

    /// "LVO: 51 % (high), suspected (model, FAST-ED)"; `nil` when no LVO criterion was evaluable.
    private static func lvoLine(_ d: ClinicalDecision, _ a: Assessment, _ l: Localizer) -> String? {
        guard let suspected = d.lvo.suspected else { return nil }
        let basis = MessageArgument.text(d.lvo.basis.map { l.text("decision.basis.\($0.rawValue)") }.joined(separator: ", "))
        if let p = a.lvo?.probability {
            let value = MessageArgument.text(probability(p, l)), source = MessageArgument.key("source.\(a.lvo?.source.rawValue ?? "local")")
            return suspected ? l.text("decision.summary.lvoSuspected", [value, basis, source])
                : l.text("decision.summary.lvoNotSuspected", [value, source])
        }
        return suspected ? l.text("decision.summary.examSuspected", [basis]) : l.text("decision.summary.examNotSuspected")
    }

    /// "43 % (medium)", or "no estimate".
    private static func probability(_ p: Double?, _ l: Localizer) -> String {
        guard let p else { return l.text("decision.summary.noEstimate") }
        return l.text("walk.result.percentLevel", [.text(l.percent(p)), .key("risk.\(RiskLevel(probability: p).rawValue)")])
    }
}
