import StrokeJSON
import StrokeModels

/// The CDS Hooks 2.0 answer of an assessment (`POST /cds-services/stroke-triage`,
/// docs/fhir.md): `{"cards": […]}` rendered from the assessment's `--json` object,
/// so the card says what `--json` says. Nothing is decided here.
///
/// - the decision card: `summary` the urgency and the suspected condition (`headline`: the crew
///   summary's first clinical line, never its prehospital destination; at most 140 characters, cut with "…"), `indicator` from the urgency (`indicator(_:)`), `detail`
///   the recommendations and the summary as Markdown with the disclaimer, `source`
///   stroke-triage, its version and the protocol;
/// - a second card (`warning`) when the ICH or LVO estimate came from a cloud fallback
///   or from the offline baseline, naming which and why.
public enum CDSCards {
    /// The most characters CDS Hooks allows in a card's summary.
    public static let maximumSummary = 140

    /// The CDS Hooks service id, in the discovery answer and the route.
    public static let serviceId = "stroke-triage"

    /// The card indicator of an urgency: `immediate` and `timeCritical` are `critical`,
    /// `urgent` is `warning`, `standard` is `info`.
    public static func indicator(_ urgency: TriageUrgency) -> String {
        switch urgency {
        case .immediate, .timeCritical: return "critical"
        case .urgent: return "warning"
        case .standard: return "info"
        }
    }

    /// The answer's `cards` of an assessment.
    public static func answer(_ assessment: JSONValue, version: String = AppInfo.version) -> JSONValue {
        let english = ModelJSON.english
        let decision = assessment["decision"] ?? .object([])
        let urgency = decision["urgency"]?.stringValue.flatMap(TriageUrgency.init(rawValue:)) ?? .urgent
        let summary = decision["summary"]?.stringArray ?? []
        let protocolId = decision["protocol"]?["id"]?.stringValue ?? "default"
        let source: JSONValue = .object([
            ("label", .string(english.text("cds.card.source", [.text(version), .text(protocolId)]))),
            ("topic", FHIRVocabulary.coding(FHIRVocabulary.protocolSystem, protocolId, "stroke-triage protocol",
                                            version: decision["protocol"]?["sha256"]?.stringValue)),
        ])
        var detail = ["**" + english.text("cds.card.urgency", [.key("decision.urgency.\(urgency.rawValue)")]) + "**", ""]
        for recommendation in decision["recommendations"]?.arrayValue ?? [] {
            guard let text = recommendation["text"]?.stringValue, let code = recommendation["code"]?.stringValue else { continue }
            detail.append("- \(markdown(text)) (`\(code)`)")
        }
        detail += ["", english.text("cds.card.summary")] + summary.map { "- " + markdown($0) }
        detail += ["", "_" + english.text("disclaimer.short") + "_"]
        let seed = assessment.serializedBytes()
        var cards: [JSONValue] = [.object([
            ("uuid", .string(FHIRBundle.nameUUID(seed + Array("card.decision".utf8)))),
            ("summary", .string(cut(headline(summary, urgency: urgency)))),
            ("indicator", .string(indicator(urgency))),
            ("detail", .string(detail.joined(separator: "\n"))),
            ("source", source),
        ])]
        var provenance: [String] = []
        for name in ["ich", "lvo"] {
            guard let prediction = assessment[name], !prediction.isNull, let from = prediction["source"]?.stringValue else { continue }
            let label = name.uppercased(), model = prediction["model"]?.stringValue ?? ""
            if let reason = prediction["fallbackReason"]?.stringValue {
                provenance.append(english.text("cds.card.fallback", [.text(label), .key("source.\(from)"), .text(model), .text(reason)]))
            } else if from == PredictionSource.baseline.rawValue {
                provenance.append(english.text("cds.card.baseline", [.text(label), .text(model)]))
            }
        }
        if !provenance.isEmpty {
            cards.append(.object([
                ("uuid", .string(FHIRBundle.nameUUID(seed + Array("card.provenance".utf8)))),
                ("summary", .string(cut(english.text("cds.card.provenanceSummary")))),
                ("indicator", .string("warning")),
                ("detail", .string((provenance.map { "- " + markdown($0) } + ["", "_" + english.text("disclaimer.short") + "_"]).joined(separator: "\n"))),
                ("source", source),
            ]))
        }
        return .object([("cards", .array(cards))])
    }

    /// The decision card's headline for the emergency department (issue 45): the urgency and the suspected
    /// condition, the crew summary's first clinical line after its urgency line ("Time-critical: LVO suspected
    /// (FAST-ED 6; …)"), never the crew's prehospital destination line.
    static func headline(_ summary: [String], urgency: TriageUrgency) -> String {
        let english = ModelJSON.english
        let word = english.text("decision.urgency.\(urgency.rawValue)")
        let urgencyLine = english.text("decision.summary.urgency", [.key("decision.urgency.\(urgency.rawValue)")])
        let head = word.prefix(1).uppercased() + word.dropFirst()
        guard let at = summary.firstIndex(of: urgencyLine), at + 1 < summary.count else { return String(head) }
        return head + ": " + summary[at + 1]
    }

    /// At most `maximumSummary` characters: longer text is cut and ends in "…".
    public static func cut(_ text: String) -> String {
        text.count <= maximumSummary ? text : String(text.prefix(maximumSummary - 1)) + "…"
    }

    /// Markdown's own characters in a sentence shown as text (`*`, `_`, `` ` ``, `[`, `]`, `<`, `\`) escaped.
    static func markdown(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\`*_[]<>".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
