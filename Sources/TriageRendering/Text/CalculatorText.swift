import StrokeJSON
import StrokeModels
import TriageLocalization

/// The full output of a calculator (`volume`, `lvo`, `fast-ed`, `ich-baseline`)
/// or of the prehospital scales: the result lines, with `--explain` the traces
/// under their title, then the research-use disclaimer; and the JSON object
/// with its `trace` (when asked) and `disclaimer`.
///
/// Every text line is wrapped to the style's width keeping its indent (the
/// calculators' text is never coloured).
///
/// ```swift
/// let p = try LVOModel.predict(gfap: 300, fastEd: 5)
/// let l = Localizer(language: .en)
/// let text = CalculatorText.lines(CalculatorRendering.lines(p, l), traces: [p.trace], explain: true, localizer: l)
/// let json = CalculatorText.json(ModelJSON.lvo(p), trace: p.trace, explain: true).serialized()
/// ```
public enum CalculatorText {
    /// The text lines to print: `result`, then (with `explain` and at least one trace) a blank
    /// line, the trace title and every trace, then the short disclaimer; all wrapped by `style`.
    public static func lines(_ result: [String], traces: [ModelTrace], explain: Bool, localizer l: Localizer,
                             style: TextStyle = TextStyle()) -> [String] {
        var out = result
        if explain, !traces.isEmpty {
            out += ["", l.text("explain.title")]
            for trace in traces { out += TraceRendering.lines(trace, l) }
        }
        out.append(l.text("disclaimer.short"))
        return out.flatMap(style.wrapKeepingIndent)
    }

    /// The JSON object with `trace` appended when `explain` is on, then the disclaimer.
    public static func json(_ value: JSONValue, trace: ModelTrace, explain: Bool) -> JSONValue {
        guard explain, case .object(var members) = value else { return ModelJSON.withDisclaimer(value) }
        members.append(("trace", TraceRendering.json(trace)))
        return ModelJSON.withDisclaimer(.object(members))
    }
}
