import StrokeModels
import TriageLocalization

extension ProtocolFile {
    /// The protocol as text for a medical director: id and sha256, each value with unit,
    /// source and use, then the urgency vocabulary, most urgent first.
    public static func lines(_ p: TriageProtocol, _ l: Localizer) -> [String] {
        var out = [l.text("protocol.header", [.text(p.id)]), l.text("protocol.sha256", [.text(p.sha256)]), ""]
        for key in ProtocolKey.allCases {
            let value = switch key.unit {
            case "boolean": p[key] >= 1 ? "true" : "false"
            case "probability": l.number(p[key], maxFractionDigits: 6)
            default: l.number(p[key], maxFractionDigits: 1)
            }
            out.append(l.text("protocol.value", [.text(key.rawValue), .text(value), .text(key.unit)]))
            out.append("    " + l.text("protocol.meaning.\(key.rawValue)"))
            out.append("    " + l.text("protocol.source", [.text(p.sources[key] ?? key.defaultSource)]))
            out.append("    " + l.text("protocol.usedIn", [.text(key.usedIn.joined(separator: ", "))]))
        }
        out.append("")
        out.append(l.text("protocol.urgencyHeader"))
        for (index, urgency) in TriageProtocol.urgencyOrder.enumerated() {
            out.append(l.text("protocol.urgencyLevel", [.number(Double(index + 1), maxFractionDigits: 0), .text(urgency.rawValue),
                                                         .key("protocol.urgency.\(urgency.rawValue)")]))
        }
        return out
    }
}
