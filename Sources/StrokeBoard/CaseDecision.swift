import StrokeJSON
import StrokeModels
import TriageRendering

/// The board's own reading of a case's decision (issue 34, item 3): a registered device signs its
/// cases, but what the wall screen says must be what the rules say for the case's inputs and numbers.
///
/// From the case (the CLI's `--json` object) the board rebuilds the assessment (module, inputs,
/// scales, the ICH and LVO probabilities with their sources), makes the decision with the protocol
/// the case names (the standard one, or one the board was given: `board serve --protocol FILE`), and
/// renders it as the device does (`DecisionRendering.json`, English). The case is shown only when its
/// carried decision is that one: urgency, `ichUsed`, LVO verdict and basis, every recommendation's code
/// and text, the protocol, the summary (its destination line only to the destination's name, since
/// the drive time is rounded in `routing`), each risk level and FAST-ED's agreement with the estimate.
/// Inputs outside the module (a `coma` case with full-module data) fail too.
public enum CaseDecision {
    /// True when `value`'s decision is the one the rules give for its inputs and numbers under a
    /// protocol of `protocols` (matched by the case's `decision.protocol.sha256`; none: the standard one).
    public static func follows(_ value: JSONValue, protocols: [TriageProtocol]) -> Bool {
        guard let carried = value["decision"], let assessment = assessment(value),
              let rules = protocolOf(carried, protocols) else { return false }
        let decision = ClinicalDecision(assessment, rules: rules)
        let derived = DecisionRendering.json(decision, assessment: assessment, routing: nil)
        // `ichUsed` and `protocol` are newer than the first cases: compared when carried.
        let optional = ["ichUsed", "protocol"].filter { carried[$0] != nil }
        for member in ["urgency", "lvoSuspected", "lvoBasis", "recommendations"] + optional
        where !same(carried[member], derived[member]) { return false }
        if assessment.lvo != nil, !same(value["lvo"]?["agreement"], LVOAgreement(assessment).map(AssessmentJSON.agreement) ?? .null) {
            return false
        }
        // The destination's onward transfer (an indented line after the first) names the routing's transfer plan.
        guard riskLevel(value["ich"], assessment.ich), riskLevel(value["lvo"], assessment.lvo),
              var lines = carried["summary"]?.stringArray, let expected = derived["summary"]?.stringArray,
              let first = lines.first else { return false }
        if lines.count > 1, lines[1].hasPrefix("  "), !transferLine(lines[1], routing: value["routing"]) { return false }
        if lines.count > 1, lines[1].hasPrefix("  ") { lines.remove(at: 1) }
        guard lines.count == expected.count, lines.dropFirst() == expected.dropFirst() else { return false }
        return destinationLine(first, routing: value["routing"])
    }

    /// Equal as written (a parsed `1` and a computed `1.0` are the same number).
    static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        a?.serialized() == b?.serialized()
    }

    /// The assessment the case's numbers describe, nil when they do not make one.
    static func assessment(_ value: JSONValue) -> Assessment? {
        guard let module = value["module"]?.stringValue.flatMap(TriageModule.init(rawValue:)),
              let given = value["inputs"]?.objectMembers, let ich = prediction(value["ich"]) else { return nil }
        let allowed = Set(InputKey.keys(for: module) + [.onsetMinutes, .lat, .lon])
        // GFAP is a number, or null with `gfapStatus` pending or belowRange (issue 43).
        var inputs = TriageInputs(module: module, gfap: value["inputs"]?["gfap"]?.doubleValue)
        switch value["inputs"]?["gfapStatus"]?.stringValue.map(GfapStatus.init(rawValue:)) {
        case nil: if inputs.gfap == nil { return nil }
        case .some(.none): return nil
        case .some(.some(let status)):
            guard (status == .measured) == (inputs.gfap != nil) else { return nil }
            if status == .belowRange { inputs.gfapBelowRange = true }
        }
        for (name, member) in given {
            if name == "gfapAssay" || name == "nihss" || name == "gfapStatus" { continue }
            guard let key = InputKey(rawValue: name), allowed.contains(key) else { return nil }
            switch member {
            case .null: continue
            case .bool(let flag): inputs.set(key, flag ? 1 : 0)
            default:
                guard let number = member.doubleValue else { return nil }
                inputs.set(key, number)
            }
        }
        if let scales = value["scales"] {
            guard let findings = scales["findings"]?.objectMembers, let scored = scales["scales"]?.arrayValue else { return nil }
            for (name, member) in findings {
                guard let item = ScaleItem(rawValue: name), let points = member.intValue else { return nil }
                inputs.scaleFindings[item] = points
            }
            let named = scored.compactMap { $0["scale"]?.stringValue.flatMap(LVOScale.init(rawValue:)) }
            let undetermined = (scales["undetermined"]?.arrayValue ?? []).compactMap { $0["scale"]?.stringValue.flatMap(LVOScale.init(rawValue:)) }
            inputs.scales = LVOScale.allCases.filter { named.contains($0) || undetermined.contains($0) }
        }
        let lvo: Prediction?
        switch value["lvo"] {
        case nil, .null?: lvo = nil
        case let object?: guard let read = prediction(object) else { return nil }; lvo = read
        }
        // A scale item outside its points: the carried assessment cannot be re-derived.
        return try? Assessment(inputs: inputs, ich: ich, lvo: lvo, volume: nil, warnings: [])
    }

    /// A prediction's probability and source (what the decision reads).
    static func prediction(_ value: JSONValue?) -> Prediction? {
        guard let value, let source = value["source"]?.stringValue.flatMap(PredictionSource.init(rawValue:)),
              let model = value["model"]?.stringValue else { return nil }
        let probability = value["probability"]?.doubleValue
        if probability == nil, value["probability"]?.isNull != true { return nil }
        return Prediction(probability: probability, source: source, model: model, drivers: [])
    }

    /// The protocol the decision names (by its digest); the standard one when it names none.
    static func protocolOf(_ decision: JSONValue, _ protocols: [TriageProtocol]) -> TriageProtocol? {
        guard let digest = decision["protocol"]?["sha256"]?.stringValue else { return .standard }
        return ([.standard] + protocols).first { $0.reference.sha256 == digest }
    }

    /// The carried risk level is the level of the carried probability.
    static func riskLevel(_ value: JSONValue?, _ prediction: Prediction?) -> Bool {
        guard let prediction else { return true }
        return value?["riskLevel"]?.stringValue == prediction.riskLevel?.rawValue
    }

    /// The summary's first line: no location, no destination, or the routing's destination by name.
    static func destinationLine(_ line: String, routing: JSONValue?) -> Bool {
        let english = ModelJSON.english
        guard let routing, !routing.isNull else { return line == english.text("decision.summary.noLocation") }
        guard let name = routing["destination"]?["shortName"]?.stringValue ?? routing["destination"]?["name"]?.stringValue else {
            if routing["coverage"]?.stringValue == "beyond" { return line.hasPrefix(textBefore("decision.summary.beyond")) }
            return line == english.text("decision.summary.noDestination")
        }
        let shown = name.escapingControlCharacters
        let full = english.text("decision.summary.destination", [.text(shown), .number(0, maxFractionDigits: 0)])
        guard let end = full.range(of: shown)?.upperBound else { return false }
        return line.hasPrefix(String(full[..<end]))
    }

    /// The onward-transfer line names the routing's transfer plan (by its short name).
    static func transferLine(_ line: String, routing: JSONValue?) -> Bool {
        guard let plan = routing?["transferPlan"], let name = plan["shortName"]?.stringValue ?? plan["name"]?.stringValue else { return false }
        return line.hasPrefix(textBefore("decision.summary.transferBy")) && line.contains(name.escapingControlCharacters)
    }

    /// The English text of `key` up to its first argument.
    static func textBefore(_ key: String) -> String {
        let marker = "\u{1}"
        let full = ModelJSON.english.text(key, [.text(marker), .text(marker)])
        return String(full[..<(full.range(of: marker)?.lowerBound ?? full.endIndex)])
    }
}
