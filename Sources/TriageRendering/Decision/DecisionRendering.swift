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
    /// The most lines the crew summary has (for a moving ambulance): five items, the destination's
    /// onward transfer on a line of its own, and the flags' continuation lines (every flag at once, in
    /// German, takes five).
    public static let maximumSummaryLines = 10
    /// The widest a summary line may be: a line is shortened, never wrapped (issue 44); only the flags
    /// continue on indented lines, so that no flag is lost.
    public static let summaryWidth = 80

    /// The `decision` object (English texts, like every JSON text), with the summary of `assessment` and `routing`.
    public static func json(_ d: ClinicalDecision, assessment: Assessment, routing: RoutingSummary?) -> JSONValue {
        let english = ModelJSON.english
        return .object([
            ("urgency", .string(d.urgency.rawValue)),
            ("ichUsed", .bool(d.ichUsed)),
            ("lvoSuspected", d.lvo.suspected.map(JSONValue.bool) ?? .null),
            ("lvoBasis", .strings(d.lvo.basis.map(\.rawValue))),
            ("recommendations", .array(d.recommendations.map { r in
                .object([("code", .string(r.code)), ("text", .string(english.render(r.message)))])
            })),
            ("summary", .strings(summary(d, assessment: assessment, routing: routing, english))),
            ("protocol", protocolJSON(d)),
        ])
    }

    /// The hedged recommendation texts in the user's language.
    public static func recommendationTexts(_ d: ClinicalDecision, _ l: Localizer) -> [String] {
        d.recommendations.map { l.render($0.message) }
    }

    /// `decision.protocol`: its id and sha256, and for a local protocol (not a release's default) the canonical
    /// file itself, so a hospital's board can check it against the sha256 and decide under it (issue 45).
    static func protocolJSON(_ d: ClinicalDecision) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(d.protocolReference.id)), ("sha256", .string(d.protocolReference.sha256))]
        if !TriageProtocol.isDefault(d.protocolReference) { members.append(("file", ProtocolCanonical.json(d.rules, digest: false))) }
        return .object(members)
    }
}
