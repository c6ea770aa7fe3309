/// One line of an input summary: the walkthrough's before `Compute?`, the handover report's table.
public struct SummaryLine: Hashable, Sendable {
    /// What the value is (a field or finding name).
    public let label: Message
    /// The value, with its unit, or "not given".
    public let value: Message
}

/// Every given input of an assessment as label and value messages, in the form's order:
/// module, vitals, GFAP and assay, findings of the module, scale items, onset, location.
/// The walkthrough shows it before `Compute?`; the handover report tabulates it.
///
/// ```swift
/// for line in InputSummary.lines(of: inputs) { print(localizer.render(line.label), localizer.render(line.value)) }
/// ```
public enum InputSummary {
    /// The summary lines of a set of inputs.
    public static func lines(of inputs: TriageInputs) -> [SummaryLine] {
        var lines = [SummaryLine(label: Message("walk.summary.module"), value: Message("walk.module.\(inputs.module.rawValue)"))]
        func number(_ field: InputField, _ value: Double?, digits: Int = 0) {
            guard let value else { return }
            lines.append(SummaryLine(label: Message(field.messageKey), value: Message("walk.value.withUnit", [
                .number(value, maxFractionDigits: digits), .key("walk.unit.\(field.rawValue)"),
            ])))
        }
        func flag(_ finding: InputKey, _ value: Bool) {
            lines.append(SummaryLine(label: Message(finding.messageKey), value: Message(value ? "yes" : "no")))
        }
        // The module's inputs in the order the form asks them (the catalogue's `InputKey.keys(for:)`).
        for key in InputKey.keys(for: inputs.module) {
            switch key {
            case .gfap:
                switch inputs.gfapStatus {
                case .measured: number(.gfap, inputs.gfap, digits: 2)
                case .pending: lines.append(SummaryLine(label: Message(InputField.gfap.messageKey), value: Message("gfap.status.pending")))
                case .belowRange:
                    lines.append(SummaryLine(label: Message(InputField.gfap.messageKey), value: Message("gfap.status.belowRange", [
                        .number(GfapStatus.assayFloor, maxFractionDigits: 0)])))
                }
                if let assay = inputs.gfapAssay {
                    lines.append(SummaryLine(label: Message("field.gfapAssay"), value: Message("walk.value.plain", [.text(assay.rawValue)])))
                }
            case .fastEd:
                guard let fastEd = inputs.fastEd else { continue }
                let total = MessageArgument.number(Double(fastEd), maxFractionDigits: 0)
                let value = inputs.fastEdExam.map { exam in
                    Message("walk.value.fastEdGuided", [total] + [exam.facialPalsy, exam.armWeakness, exam.speech, exam.eyeDeviation, exam.denialNeglect]
                        .map { .number(Double($0), maxFractionDigits: 0) })
                } ?? Message("walk.value.plain", [total])
                lines.append(SummaryLine(label: Message(InputField.fastEd.messageKey), value: value))
            default:
                if key.isBoolean {
                    flag(key, inputs[key] == 1)
                } else if let field = key.field {
                    // A number that may carry decimals is shown as given, never rounded across an edge.
                    number(field, inputs[key], digits: TriageRules.allowed(field).integer ? 0 : 6)
                }
            }
        }
        if inputs.module == .full {
            for item in ScaleReport.items(for: inputs.scales) {
                guard let value = inputs.scaleFindings[item] else { continue }
                lines.append(SummaryLine(label: Message(item.messageKey), value: Message("walk.value.plain", [
                    .number(Double(value), maxFractionDigits: 0),
                ])))
            }
        }
        let onset = inputs.onsetMinutes.map {
            Message("walk.value.withUnit", [.number($0, maxFractionDigits: 1), .key("walk.unit.onsetMinutes")])
        } ?? Message("walk.value.notGiven")
        lines.append(SummaryLine(label: Message(InputField.onsetMinutes.messageKey), value: onset))
        let location = inputs.location.map { point in
            let coordinates: [MessageArgument] = [.number(point.latitude, maxFractionDigits: 6), .number(point.longitude, maxFractionDigits: 6)]
            return inputs.place.map { Message("walk.value.place", [.text($0)] + coordinates) } ?? Message("walk.value.location", coordinates)
        } ?? Message("walk.value.notGiven")
        lines.append(SummaryLine(label: Message("walk.summary.location"), value: location))
        return lines
    }
}
