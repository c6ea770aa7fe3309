// The crew summary: five items a paramedic reads right in five seconds, verdict first; no flag cut off.

import StrokeCenters
import StrokeModels
import TriageLocalization

extension DecisionRendering {
    /// The crew summary, in the order a crew acts on it (issue 44), each line at most `summaryWidth` columns:
    /// 1. the destination's short name, its stroke or emergency number and the drive (or why there is none);
    ///    then, indented, the hospital's onward transfer when one is planned;
    /// 2. the urgency;
    /// 3. the LVO verdict, then its evidence ("LVO suspected (FAST-ED 7; local estimate 17 %)");
    /// 4. the ICH verdict by the protocol's edges for a decision-grade number, else that it is not
    ///    assessable before imaging (no percentage, no risk word);
    /// 5. the flags (glucose low or high, anticoagulation, blood pressure above the lysis limit, onset unknown,
    ///    under 18, a local protocol) when any applies: one line, continued on indented lines when they do not fit,
    ///    so no flag is ever cut off (a cut "…" once hid "anticoagulated" behind the glucose flag).
    public static func summary(_ d: ClinicalDecision, assessment a: Assessment, routing: RoutingSummary?, _ l: Localizer) -> [String] {
        var lines = [destinationLine(routing, l)]
        if let transfer = transferLine(routing, l) { lines.append(transfer) }
        lines.append(l.text("decision.summary.urgency", [.key("decision.urgency.\(d.urgency.rawValue)")]))
        lines += verdictLines(d, assessment: a, l)
        return Array(lines.prefix(maximumSummaryLines)).map(fitted)
    }

    /// The summary's clinical lines without the destination and the urgency (a hospital's board shows
    /// those itself): the LVO verdict, the ICH line and the flags, each at most `summaryWidth` columns;
    /// the flags continue on indented lines, or with `wrapFlags: false` stand on one line of any length
    /// (a page that wraps itself).
    public static func verdictLines(_ d: ClinicalDecision, assessment a: Assessment, _ l: Localizer,
                                    wrapFlags: Bool = true) -> [String] {
        var lines: [String] = []
        if let lvo = lvoLine(d, a, l) { lines.append(lvo) }
        lines.append(ichLine(d, a, l))
        return lines.map(fitted) + flagsLines(d, a, l, wrap: wrapFlags)
    }

    /// "Consider: NAME, tel. P; about N min" with the data's short name and the stroke or emergency
    /// number (else the switchboard), or why no destination is suggested.
    private static func destinationLine(_ routing: RoutingSummary?, _ l: Localizer) -> String {
        guard let routing else { return l.text("decision.summary.noLocation") }
        if let limit = routing.beyondStrokeUnitMinutes {
            return l.text("decision.summary.beyond", [.number(limit, maxFractionDigits: 0)])
        }
        guard routing.covered, let destination = routing.destination else { return l.text("decision.summary.noDestination") }
        let c = destination.center
        let minutes = MessageArgument.number(destination.driveMinutes.rounded(), maxFractionDigits: 0)
        let name = MessageArgument.text(c.shortName.escapingControlCharacters)
        guard let phone = c.emergencyPhone ?? c.phone else { return l.text("decision.summary.destination", [name, minutes]) }
        return l.text("decision.summary.destinationPhone", [name, .text(phone.escapingControlCharacters), minutes])
    }

    /// "  → the hospital may transfer to T for thrombectomy" (or neurosurgery), `nil` without a transfer plan.
    private static func transferLine(_ routing: RoutingSummary?, _ l: Localizer) -> String? {
        guard let transfer = routing?.transferPlan else { return nil }
        let purpose = transfer.center.capabilities.thrombectomy && routing?.transferForNeurosurgery != true ? "thrombectomy" : "neurosurgery"
        return l.text("decision.summary.transferBy", [.text(transfer.center.shortName.escapingControlCharacters),
                                                      .key("decision.summary.purpose.\(purpose)")])
    }

    /// "LVO suspected (FAST-ED 7; local estimate 17 %)" or "LVO not suspected (…)"; `nil` when nothing was evaluable.
    private static func lvoLine(_ d: ClinicalDecision, _ a: Assessment, _ l: Localizer) -> String? {
        guard let suspected = d.lvo.suspected else { return nil }
        var evidence: [String] = []
        if let fastEd = a.inputs.fastEd { evidence.append("FAST-ED \(fastEd)") }
        for score in a.scaleReport?.scored ?? [] {
            let name = l.text("decision.basis.\(LVOVerdict.Basis(score.definition.scale).rawValue)")
            evidence.append(score.total.map { "\(name) \($0)" } ?? name)
        }
        if let lvo = a.lvo, let p = lvo.probability {
            evidence.append(l.text("decision.summary.estimate", [.key("decision.summary.estimateSource.\(lvo.source.rawValue)"), .text(l.percent(p))]))
        }
        return l.text(suspected ? "decision.summary.lvoSuspected" : "decision.summary.lvoNotSuspected",
                      [.text(evidence.joined(separator: "; "))])
    }

    /// The ICH verdict of a decision-grade number by the protocol's edges, else why there is none.
    private static func ichLine(_ d: ClinicalDecision, _ a: Assessment, _ l: Localizer) -> String {
        switch a.inputs.gfapStatus {
        case .pending: return l.text("decision.summary.ichGfapPending")
        case .belowRange: return l.text("decision.summary.ichGfapBelowRange", [.number(GfapStatus.assayFloor, maxFractionDigits: 0)])
        case .measured: break
        }
        guard let p = ClinicalDecision.decisionGradeICH(a.ich) else { return l.text("decision.summary.ichNotAssessable") }
        let verdict = p >= d.ichImmediateFrom ? "likely" : p >= d.ichUncertainFrom ? "uncertain" : "unlikely"
        return l.text("decision.summary.ich.\(verdict)", [.key("decision.summary.estimateSource.\(a.ich.source.rawValue)"), .text(l.percent(p))])
    }

    /// "Flags: anticoagulated; BP 190/100 above the lysis limit; onset unknown; under 18: …; local protocol ID", or `nil`.
    private static func flagsLines(_ d: ClinicalDecision, _ a: Assessment, _ l: Localizer, wrap: Bool = true) -> [String] {
        var flags: [String] = []
        // Hypoglycaemia first: it is treated before anything else (`rec.glucose.low`).
        for code in ["rec.glucose.low", "rec.glucose.high"] where d.recommendations.contains(where: { $0.code == code }) {
            flags.append(l.text("decision.flag.\(code.dropFirst(4))", [.number(a.inputs[.glucose] ?? 0, maxFractionDigits: 6)]))
        }
        if a.inputs.anticoagulated { flags.append(l.text("decision.flag.anticoagulated")) }
        if d.recommendations.contains(where: { $0.code == "rec.bp.aboveLysisLimit" }), let sbp = a.inputs.sbp, let dbp = a.inputs.dbp {
            flags.append(l.text("decision.flag.bp", [.number(Double(sbp), maxFractionDigits: 0), .number(Double(dbp), maxFractionDigits: 0)]))
        }
        if a.inputs.onsetMinutes == nil { flags.append(l.text("decision.flag.onsetUnknown")) }
        if let age = a.inputs.age, Double(age) < TriageRules.adultAge {
            flags.append(l.text("decision.flag.minor", [.number(TriageRules.adultAge, maxFractionDigits: 0)]))
        }
        if !TriageProtocol.isDefault(d.protocolReference) {
            flags.append(l.text("decision.flag.localProtocol", [.text(d.protocolReference.id)]))
        }
        if flags.isEmpty { return [] }
        return wrap ? wrapped(flags, after: l.text("decision.summary.flags", [.text("")]))
            : [l.text("decision.summary.flags", [.text(flags.joined(separator: "; "))])]
    }

    /// `items` after `label` joined by "; ", packed into lines of at most `summaryWidth` columns; a line that
    /// would overflow continues on the next, indented under the first item. An item wider than a line is
    /// broken between its words; nothing is cut (only a single word wider than a line would be).
    static func wrapped(_ items: [String], after label: String) -> [String] {
        let indent = String(repeating: " ", count: label.count)
        var lines: [String] = []
        var current = label
        var empty: Bool { current == label || current == indent }
        func add(_ piece: String) {
            if !empty, current.count + 1 + piece.count > summaryWidth {
                lines.append(current)
                current = indent
            }
            current += (empty ? "" : " ") + piece
        }
        for (index, item) in items.enumerated() {
            let piece = item + (index < items.count - 1 ? ";" : "")
            if indent.count + piece.count <= summaryWidth {
                add(piece)
            } else {
                for word in piece.split(separator: " ") { add(String(word)) }
            }
        }
        return (lines + [current]).map(fitted)
    }

    /// The line shortened to `summaryWidth` columns with an ellipsis, never wrapped.
    static func fitted(_ line: String) -> String {
        line.count <= summaryWidth ? line : String(line.prefix(summaryWidth - 1)) + "…"
    }
}
