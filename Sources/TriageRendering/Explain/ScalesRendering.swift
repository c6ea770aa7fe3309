import StrokeJSON
import StrokeModels
import TriageLocalization

/// The `scales` output (command, batch module): every determined scale side
/// by side, then what each undetermined scale still needs.
public enum ScalesRendering {
    /// `{"findings": {…}, "scales": [scale objects], "undetermined": [{"scale", "missing", "flags"}], "note"}`.
    public static func json(_ report: ScaleReport, findings: [ScaleItem: Int], explain: Bool = false) -> JSONValue {
        .object([
            ("findings", .object(ScaleItem.allCases.compactMap { item in findings[item].map { (item.rawValue, .integer($0)) } })),
            ("scales", .array(report.scored.map { score in
                guard explain, case .object(var members) = ScaleRendering.json(score) else { return ScaleRendering.json(score) }
                members.append(("trace", TraceRendering.json(score.trace)))
                return .object(members)
            })),
            ("undetermined", .array(report.undetermined.map { u in
                .object([
                    ("scale", .string(u.scale.rawValue)),
                    ("missing", .strings(u.missing.map(\.rawValue))),
                    ("flags", .strings(u.missing.map(\.flag))),
                ])
            })),
            ("note", .string(ModelJSON.english.text("scale.notProbability"))),
        ])
    }

    /// The side-by-side table, the undetermined scales and the hedged note.
    public static func lines(_ report: ScaleReport, _ l: Localizer) -> [String] {
        var out: [String] = []
        if report.scored.isEmpty {
            out.append(l.text("scales.none"))
        } else {
            out.append(l.text("scales.title"))
            let header = [l.text("scales.column.scale"), l.text("scales.column.total"), l.text("scales.column.result")]
            var rows = [header]
            for s in report.scored {
                let total = s.total.map { l.text("scales.cell.total", [.text(String($0)), .text(String(s.definition.maximumTotal!))]) } ?? "—"
                let rule = ScaleRendering.ruleText(s.definition, l)
                rows.append([l.text("scale.name.\(s.scale.rawValue)"), total, rule + ": " + ScaleRendering.verdict(s, l)])
            }
            let widths = (0..<2).map { c in rows.map { TextStyle.visibleWidth($0[c]) }.max()! + 2 }
            for row in rows {
                out.append("  " + TextStyle.pad(row[0], to: widths[0]) + TextStyle.pad(row[1], to: widths[1]) + row[2])
            }
            for s in report.scored {
                let items = ScaleRendering.itemList(s, l)
                out.append("  " + l.text("scale.name.\(s.scale.rawValue)") + ": " + items)
                for warning in s.warnings { out.append("  ! " + l.render(warning.message)) }
            }
        }
        if !report.undetermined.isEmpty {
            out.append(l.text("scales.undetermined.title"))
            for u in report.undetermined {
                let needs = u.missing.map { l.text($0.messageKey) + " (" + $0.flag + ")" }.joined(separator: ", ")
                out.append("  " + l.text("scales.undetermined", [.text(l.text("scale.name.\(u.scale.rawValue)")), .text(needs)]))
            }
        }
        out.append(l.text("scale.notProbability"))
        return out
    }
}
