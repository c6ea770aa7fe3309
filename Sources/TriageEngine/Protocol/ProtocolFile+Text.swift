import StrokeJSON
import StrokeModels
import TriageLocalization
import TriageRendering

extension ProtocolFile {
    /// The protocol as text for a medical director, every line at most 80 columns: id and sha256,
    /// each value with unit and allowed range, meaning, source and use (in words), then the urgency
    /// vocabulary, most urgent first.
    public static func lines(_ p: TriageProtocol, _ l: Localizer) -> [String] {
        let style = TextStyle(colour: false, width: 80)
        var out = [l.text("protocol.header", [.text(p.id)]), l.text("protocol.sha256", [.text(p.sha256)]), ""]
        for key in ProtocolKey.allCases {
            let value = switch key.unit {
            case "boolean": p[key] >= 1 ? "true" : "false"
            case "probability": l.number(p[key], maxFractionDigits: 6)
            default: l.number(p[key], maxFractionDigits: 1)
            }
            out += style.wrap(l.text("protocol.value", [.text(key.rawValue), .text(value), .key("protocol.unit.\(key.unit)"),
                                                       .text(allowedText(key))]), hangingIndent: "    ")
            out += style.wrap(l.text("protocol.meaning.\(key.rawValue)"), indent: "    ")
            out += style.wrap(l.text("protocol.source", [.text(p.sources[key] ?? key.defaultSource)]), indent: "    ", hangingIndent: "      ")
            let uses = key.usedIn.map { l.text("protocol.use.\($0)") }.joined(separator: ", ")
            out += style.wrap(l.text("protocol.usedIn", [.text(uses)]), indent: "    ", hangingIndent: "      ")
        }
        out.append("")
        out.append(l.text("protocol.urgencyHeader"))
        for (index, urgency) in TriageProtocol.urgencyOrder.enumerated() {
            out += style.wrap(l.text("protocol.urgencyLevel", [.number(Double(index + 1), maxFractionDigits: 0), .text(urgency.rawValue),
                                                               .key("protocol.urgency.\(urgency.rawValue)")]), hangingIndent: "   ")
        }
        return out
    }

    /// The protocol file as a person edits it: two-space indent, one value a line. It parses to the same
    /// protocol and sha256 (the digest is over the canonical compact form, `digest`).
    public static func prettyText(_ p: TriageProtocol) -> String {
        let members = json(p).objectMembers ?? []
        var lines = ["{"]
        for (index, (name, value)) in members.enumerated() {
            let comma = index < members.count - 1 ? "," : ""
            if name == "values", let entries = value.objectMembers {
                lines.append("  \(JSONValue.string(name).serialized()): {")
                for (i, (key, entry)) in entries.enumerated() {
                    lines.append("    \(JSONValue.string(key).serialized()): \(entry.spacedText())" + (i < entries.count - 1 ? "," : ""))
                }
                lines.append("  }" + comma)
            } else {
                lines.append("  \(JSONValue.string(name).serialized()): \(value.spacedText())" + comma)
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
