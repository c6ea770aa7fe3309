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
            ("ichUsed", .bool(d.ichUsed)),
            ("lvoSuspected", d.lvo.suspected.map(JSONValue.bool) ?? .null),
            ("lvoBasis", .strings(d.lvo.basis.map(\.rawValue))),
            ("recommendations", .array(d.recommendations.map { r in
                .object([("code", .string(r.code)), ("text", .string(english.render(r.message)))])
            })),
            ("summary", .strings(summary(d, assessment: assessment, routing: routing, english))),
            ("protocol", .object([("id", .string(d.protocolReference.id)), ("sha256", .string(d.protocolReference.sha256))])),
        ])
    }

    /// The hedged recommendation texts in the user's language.
    public static func recommendationTexts(_ d: ClinicalDecision, _ l: Localizer) -> [String] {
        d.recommendations.map { l.render($0.message) }
    }

    /// At most five lines for a crew, in the order they act on them: the destination (or that
    /// none is suggested) with its phone, drive time and transfer plan; the urgency; the LVO
    /// line (when evaluable); the ICH line; one line of flags (anticoagulation, blood pressure
    /// above the lysis limit, onset unknown) when any applies.
    public static func summary(_ d: ClinicalDecision, assessment a: Assessment, routing: RoutingSummary?, _ l: Localizer) -> [String] {
        var lines = [destinationLine(routing, l)]
        lines.append(l.text("decision.summary.urgency", [.key("decision.urgency.\(d.urgency.rawValue)")]))
        if let lvo = lvoLine(d, a, l) { lines.append(lvo) }
        let ichSource = MessageArgument.key("source.\(a.ich.source.rawValue)")
        switch a.inputs.gfapStatus {
        case .pending: lines.append(l.text("decision.summary.ichGfapPending"))
        case .belowRange:
            lines.append(l.text("decision.summary.ichGfapBelowRange", [.number(GfapStatus.assayFloor, maxFractionDigits: 0)]))
        case .measured:
            lines.append(l.text(d.ichUsed || a.ich.probability == nil ? "decision.summary.ich" : "decision.summary.ichNotUsed",
                                [.text(probability(a.ich.probability, l)), ichSource]))
        }
        if let flags = flagsLine(d, a, l) { lines.append(flags) }
        return Array(lines.prefix(maximumSummaryLines))
    }

    /// "Consider: NAME, phone P; drive about N min; then transfer to T", or that no destination is suggested.
    private static func destinationLine(_ routing: RoutingSummary?, _ l: Localizer) -> String {
        guard let routing else { return l.text("decision.summary.noLocation") }
        if let limit = routing.beyondStrokeUnitMinutes {
            return l.text("decision.summary.beyond", [.number(limit, maxFractionDigits: 0)])
        }
        guard routing.covered, let destination = routing.destination else { return l.text("decision.summary.noDestination") }
        let c = destination.center
        let minutes = MessageArgument.number(destination.driveMinutes.rounded(), maxFractionDigits: 0)
        var line = c.phone.map { l.text("decision.summary.destinationPhone", [.text(c.name.escapingControlCharacters), .text($0.escapingControlCharacters), minutes]) }
            ?? l.text("decision.summary.destination", [.text(c.name.escapingControlCharacters), minutes])
        if let transfer = routing.transferPlan {
            line += l.text("decision.summary.transfer", [.text(transfer.center.name.escapingControlCharacters)])
        }
        return line
    }

    /// "Flags: anticoagulated; BP at or above 185/110 mmHg; onset unknown", or `nil` when none applies.
    private static func flagsLine(_ d: ClinicalDecision, _ a: Assessment, _ l: Localizer) -> String? {
        var flags: [String] = []
        if a.inputs.anticoagulated { flags.append(l.text("decision.flag.anticoagulated")) }
        if d.recommendations.contains(where: { $0.code == "rec.bp.aboveLysisLimit" }), let sbp = a.inputs.systolic, let dbp = a.inputs.diastolic {
            flags.append(l.text("decision.flag.bp", [.number(Double(sbp), maxFractionDigits: 0), .number(Double(dbp), maxFractionDigits: 0)]))
        }
        if a.inputs.onsetMinutes == nil { flags.append(l.text("decision.flag.onsetUnknown")) }
        if let age = a.inputs.age, Double(age) < TriageRules.adultAge {
            flags.append(l.text("decision.flag.minor", [.number(TriageRules.adultAge, maxFractionDigits: 0)]))
        }
        return flags.isEmpty ? nil : l.text("decision.summary.flags", [.text(flags.joined(separator: "; "))])
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
