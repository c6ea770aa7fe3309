import StrokeJSON
import StrokeModels
import TriageRendering

/// The board's own reading of a case's decision (issues 34 and 45): a registered device signs its
/// cases, but what the wall screen says must be what the rules say for the case's inputs and numbers,
/// in the board's own words.
///
/// From the case (the CLI's `--json` object) the board rebuilds the assessment (module, inputs,
/// scales, the ICH and LVO probabilities with their sources), recomputes what is deterministic (the
/// offline ICH baseline, the local LVO model and the bleed volume: a difference over 1e-9 is refused),
/// and makes the decision with the protocol the case names (the standard one, an earlier release's
/// standard one, or one the board was given: `board serve --protocol FILE`). The case is shown only
/// when its carried decision has the same facts: urgency, `ichUsed`, LVO verdict and basis, every
/// recommendation's code, the protocol and each risk level. Texts the device wrote (recommendation
/// texts, summary lines, warnings, reasons, the disclaimer) are never compared and never shown: the
/// board renders every word itself from its own decision, in its own language, so a device's language
/// or release does not matter (compare facts, not sentences).
public enum CaseDecision {
    /// True when `value`'s decision is the one the rules give for its inputs and numbers under a
    /// protocol the board knows (`derived`).
    public static func follows(_ value: JSONValue, protocols: [TriageProtocol], centerIds: Set<String>? = nil) -> Bool {
        derived(value, protocols: protocols, centerIds: centerIds) != nil
    }

    /// The board's own assessment and decision for the case, when the case's carried facts are theirs;
    /// nil when any differs (the case is `contentInvalid`). With `centerIds`, every center the routing names
    /// (destination, transfer, alternatives, nearest centers) must be one of them.
    public static func derived(_ value: JSONValue, protocols: [TriageProtocol], centerIds: Set<String>? = nil)
        -> (assessment: Assessment, decision: ClinicalDecision, approved: Bool)? {
        guard let carried = value["decision"], let assessment = assessment(value), deterministic(value, assessment),
              let (rules, approved) = protocolOf(carried, protocols) else { return nil }
        let decision = ClinicalDecision(assessment, rules: rules)
        let derived = DecisionRendering.json(decision, assessment: assessment, routing: nil)
        // `ichUsed` and `protocol` are newer than the first cases: compared when carried.
        let optional = ["ichUsed", "protocol"].filter { carried[$0] != nil }
        for member in ["urgency", "lvoSuspected", "lvoBasis"] + optional where !same(carried[member], derived[member]) { return nil }
        guard codes(carried["recommendations"]) == decision.recommendations.map(\.code),
              riskLevel(value["ich"], assessment.ich), riskLevel(value["lvo"], assessment.lvo) else { return nil }
        if let routing = value["routing"], !routing.isNull {
            guard drive(routing), centerIds.map({ known(routing, $0) }) ?? true else { return nil }
        }
        return (assessment, decision, approved)
    }

    /// The recommendation codes a case carries, in order.
    static func codes(_ recommendations: JSONValue?) -> [String]? {
        recommendations?.arrayValue?.map { $0["code"]?.stringValue ?? "" }
    }

    /// The numbers the board computes itself from the inputs (the offline ICH baseline, the local LVO model,
    /// the bleed volume) equal the carried ones within 1e-9, under the same model version; cloud and station numbers
    /// are reported as given.
    static func deterministic(_ value: JSONValue, _ assessment: Assessment) -> Bool {
        let inputs = assessment.inputs
        func close(_ a: Double?, _ b: Double?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case let (a?, b?): return a.isFinite && b.isFinite && abs(a - b) <= 1e-9
            default: return false
            }
        }
        if assessment.ich.source == .baseline {
            guard let expected = try? OfflinePredictionService.ich(inputs), close(assessment.ich.probability, expected.probability),
                  assessment.ich.model == expected.model else { return false }
        }
        if let lvo = assessment.lvo, lvo.source == .local {
            guard let expected = try? OfflinePredictionService.lvo(inputs), close(lvo.probability, expected.probability),
                  lvo.model == expected.model else { return false }
        }
        if let volume = value["volume"], !volume.isNull, volume["source"]?.stringValue == "local" {
            guard let gfap = inputs.gfap, let expected = try? VolumeModel.estimate(gfap: gfap),
                  close(volume["volumeMl"]?.doubleValue, expected.volumeMl),
                  volume["model"]?.stringValue == VolumeModel.version else { return false }
        }
        return true
    }

    /// The routing's drive minutes are finite and within what the outcome model accepts (0…`OutcomeModel.maximumMinutes`).
    static func drive(_ routing: JSONValue) -> Bool {
        for place in ["destination", "transferPlan"] {
            guard let object = routing[place], !object.isNull else { continue }
            guard let minutes = object["driveMinutes"]?.doubleValue else { continue }
            guard minutes.isFinite, minutes >= 0, minutes <= OutcomeModel.maximumMinutes else { return false }
        }
        return true
    }

    /// Every center the routing names (destination, transfer plan, alternatives, nearest centers) is one of `centerIds`.
    static func known(_ routing: JSONValue, _ centerIds: Set<String>) -> Bool {
        let named = [routing["destination"], routing["transferPlan"]].compactMap { $0 }
            + (routing["alternatives"]?.arrayValue ?? []) + (routing["nearestCenters"]?.arrayValue ?? [])
        return named.allSatisfy { center in
            if center.isNull { return true }
            guard let id = center["id"]?.stringValue else { return false }
            return centerIds.contains(id)
        }
    }

    /// Equal as written (a parsed `1` and a computed `1.0` are the same number).
    static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        a?.serialized() == b?.serialized()
    }

    /// The assessment the case's numbers describe, nil when they do not make one.
    static func assessment(_ value: JSONValue) -> Assessment? {
        guard let module = value["module"]?.stringValue.flatMap(TriageModule.init(rawValue:)),
              let given = value["inputs"]?.objectMembers, let ich = prediction(value["ich"]) else { return nil }
        let allowed = Set(InputKey.assessmentKeys(for: module))
        // GFAP is a number, or null with `gfapStatus` pending or belowRange (issue 43).
        var inputs = TriageInputs(module: module, gfap: value["inputs"]?["gfap"]?.doubleValue)
        switch value["inputs"]?[InputKey.gfapStatusMember]?.stringValue.map(GfapStatus.init(rawValue:)) {
        case nil: if inputs.gfap == nil { return nil }
        case .some(.none): return nil
        case .some(.some(let status)):
            guard (status == .measured) == (inputs.gfap != nil) else { return nil }
            if status == .belowRange { inputs.gfapBelowRange = true }
        }
        for (name, member) in given {
            if [InputKey.gfapAssayMember, InputKey.nihssMember, InputKey.gfapStatusMember].contains(name) { continue }
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

    /// The protocol the decision names (by its digest; the standard one when it names none) and whether the
    /// board knows it. One the board was not given is the one the case carries, when that is a valid protocol
    /// file (`ProtocolCanonical.parse`) with the named id and sha256: decided under it, not approved here.
    static func protocolOf(_ decision: JSONValue, _ protocols: [TriageProtocol]) -> (TriageProtocol, Bool)? {
        guard let digest = decision["protocol"]?["sha256"]?.stringValue else { return (.standard, true) }
        if let known = ([.standard] + TriageProtocol.earlierStandards + protocols).first(where: { $0.reference.sha256 == digest }) {
            return (known, true)
        }
        guard let file = decision["protocol"]?["file"], let carried = try? ProtocolCanonical.parse(file),
              carried.sha256 == digest, carried.id == decision["protocol"]?["id"]?.stringValue else { return nil }
        return (carried, false)
    }

    /// The carried risk level is the level of the carried probability.
    static func riskLevel(_ value: JSONValue?, _ prediction: Prediction?) -> Bool {
        guard let prediction else { return true }
        return value?["riskLevel"]?.stringValue == prediction.riskLevel?.rawValue
    }
}
