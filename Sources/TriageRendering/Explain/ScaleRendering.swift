import StrokeJSON
import StrokeModels
import TriageLocalization

/// The scales' output: the JSON object of one scored scale and its human lines.
public enum ScaleRendering {
    /// `{"scale", "total" (not VAN), "maximumTotal", "threshold", "lvoSuspected" | "vanPositive", "rule",
    ///   "items": {…}, "source", "note", "warnings"}`; the caller adds `trace` and `disclaimer`.
    public static func json(_ s: ScaleScore) -> JSONValue {
        let d = s.definition
        var members: [(String, JSONValue)] = [("scale", .string(s.scale.rawValue))]
        if let total = s.total { members.append(("total", .integer(total))) }
        if let maximum = d.maximumTotal { members.append(("maximumTotal", .integer(maximum))) }
        members.append(("threshold", d.threshold.map { .integer($0) } ?? .null))
        members.append((s.scale == .van ? "vanPositive" : "lvoSuspected", .bool(s.positive)))
        members.append(("rule", .string(ruleText(d, ModelJSON.english))))
        members.append(("items", .object(s.points.map { ($0.item.rawValue, .integer($0.value)) })))
        members.append(("source", .string(d.source)))
        members.append(("note", .string(ModelJSON.english.text("scale.notProbability"))))
        members.append(("warnings", ModelJSON.warnings(s.warnings)))
        return .object(members)
    }

    /// The result line, the items, the hedged reading, warnings and the source.
    public static func lines(_ s: ScaleScore, _ l: Localizer) -> [String] {
        let name = l.text("scale.name.\(s.scale.rawValue)")
        var out: [String] = []
        if let total = s.total, let maximum = s.definition.maximumTotal, let threshold = s.definition.threshold {
            out.append(l.text("scale.result.total", [.text(name), .text(String(total)), .text(String(maximum)), .text(String(threshold))]))
            out.append(l.text(s.positive ? "scale.result.suspected" : "scale.result.notSuspected"))
        } else {
            out.append(l.text(s.positive ? "scale.result.vanPositive" : "scale.result.vanNegative"))
        }
        out.append(l.text("scale.items", [.text(itemList(s, l))]))
        for warning in s.warnings { out.append("! " + l.render(warning.message)) }
        out.append(l.text("scale.notProbability"))
        out.append(l.text("scale.source", [.text(s.definition.source)]))
        return out
    }

    /// "facial palsy 2, arm motor 1, …" in the user's language.
    public static func itemList(_ s: ScaleScore, _ l: Localizer) -> String {
        s.points.map { l.text($0.item.messageKey) + " " + String($0.value) }.joined(separator: ", ")
    }

    /// The configured scales of an assessment for the result and the report:
    /// a heading and one line per scale, or nothing when none are configured.
    public static func resultLines(_ a: Assessment, _ l: Localizer) -> [String] {
        guard let report = a.scaleReport, !report.scored.isEmpty else { return [] }
        return [l.text("walk.result.scales")] + report.scored.map { s in
            let total = s.total.map { l.text("scales.cell.total", [.text(String($0)), .text(String(s.definition.maximumTotal!))]) + ", " } ?? ""
            return l.text("scale.name.\(s.scale.rawValue)") + ": " + total + ruleText(s.definition, l) + ": " + verdict(s, l)
        }
    }

    /// The scale's flag rule in words, its threshold an argument (`scale.rule.totalAtLeast`), never typed in.
    public static func ruleText(_ d: ScaleDefinition, _ l: Localizer) -> String {
        guard let threshold = d.threshold else { return l.text("scale.rule.\(d.scale.rawValue)") }
        return l.text("scale.rule.totalAtLeast", [.number(Double(threshold), maxFractionDigits: 0)])
    }

    /// The flag of a result in words: "≥ 5: suspected" style cell for the side-by-side table.
    public static func verdict(_ s: ScaleScore, _ l: Localizer) -> String {
        if s.scale == .van { return l.text(s.positive ? "scales.cell.vanPositive" : "scales.cell.vanNegative") }
        return l.text(s.positive ? "scales.cell.suspected" : "scales.cell.notSuspected")
    }
}
