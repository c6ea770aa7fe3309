import StrokeJSON
import StrokeModels

/// The Observations of a Bundle: one per input the assessment's JSON `inputs`
/// gives (docs/fhir.md, "Observation"), each value copied from that JSON as it
/// is (the same digits as `--json`), coded by `FHIRVocabulary`.
///
/// - systolic and diastolic together: one LOINC blood pressure panel (85354-9) with
///   the two as components (8480-6, 8462-4), as FHIR's vital-signs profile has it;
/// - age (LOINC 30525-0), GFAP with its assay as `method`, onset (minutes since onset
///   or last known well), FAST-ED, the NIHSS (LOINC 72089-6) and each yes/no
///   finding the module asks;
/// - the coma module: the finding `comatose` (true), as the walkthrough's first question
///   records it (the device never records a GCS number);
/// - each scored prehospital scale's total (`raceTotal`, …; VAN: `vanPositive`).
enum FHIRObservations {
    /// One Observation with its entry key (the resource's name inside the Bundle).
    struct Item {
        /// The key the resource's id is derived from (`observation.<code>`).
        let key: String
        /// The input keys it carries (the RiskAssessment's `basis` refers to it for these).
        let inputs: [InputKey]
        /// The resource.
        let resource: JSONValue
    }

    /// The Observations of `assessment` (the `--json` object), in the order of its `inputs`.
    static func items(_ assessment: JSONValue, subject: JSONValue?) -> [Item] {
        let inputs = assessment["inputs"]?.objectMembers ?? []
        let given = Dictionary(inputs, uniquingKeysWith: { _, last in last })
        var items: [Item] = []
        if assessment["module"]?.stringValue == TriageModule.coma.rawValue {
            items.append(Item(key: "observation.comatose", inputs: [], resource: observation(
                code: FHIRVocabulary.coding(FHIRVocabulary.inputSystem, FHIRVocabulary.comatose, "Comatose (GCS \(DecisionRules.comaGcsAtMost) or less)"),
                category: "survey", value: ("Boolean", .bool(true)), subject: subject)))
        }
        for (name, value) in inputs where !value.isNull {
            guard let key = InputKey(rawValue: name) else { continue }
            // Every input is one Observation of its own coding, but the pressures: one panel with both.
            if key == .dbp { continue }
            if key == .sbp {
                guard let sbp = code(.sbp), let dbp = code(.dbp), let diastolic = given[InputKey.dbp.json], !diastolic.isNull else { continue }
                var resource = observation(code: FHIRVocabulary.coding(FHIRVocabulary.loinc, FHIRVocabulary.bpPanel, "Blood pressure panel with all children optional"),
                                           category: "vital-signs", value: nil, subject: subject)
                resource = appending(resource, ("component", .array([component(sbp, value), component(dbp, diastolic)])))
                items.append(Item(key: "observation.bp", inputs: [.sbp, .dbp], resource: resource))
                continue
            }
            guard let c = code(key), let typed = typedValue(c, value) else { continue }
            var resource = observation(code: FHIRVocabulary.coding(c.system, c.code, c.display), category: key.observationCategory, value: typed, subject: subject)
            if key == .gfap, let assay = given[InputKey.gfapAssayMember]?.stringValue {
                resource = appending(resource, ("method", FHIRVocabulary.concept(FHIRVocabulary.coding(FHIRVocabulary.assaySystem, assay), text: assay)))
            }
            items.append(Item(key: "observation." + c.code, inputs: [key], resource: resource))
        }
        if let nihss = given[InputKey.nihssMember], !nihss.isNull {
            let n = FHIRVocabulary.nihss
            items.append(Item(key: "observation.nihss", inputs: [], resource: observation(
                code: FHIRVocabulary.coding(n.system, n.code, n.display), category: "survey",
                value: ("Quantity", FHIRVocabulary.quantity(nihss, ucum: n.unit)), subject: subject)))
        }
        for scale in assessment["scales"]?["scales"]?.arrayValue ?? [] {
            guard let name = scale["scale"]?.stringValue else { continue }
            let code: String, value: (String, JSONValue)
            if let total = scale["total"] {
                (code, value) = (name + "Total", ("Integer", total))
            } else if let positive = scale["vanPositive"] {
                (code, value) = (name + "Positive", ("Boolean", positive))
            } else {
                continue
            }
            items.append(Item(key: "observation." + code, inputs: [], resource: observation(
                code: FHIRVocabulary.coding(FHIRVocabulary.inputSystem, code, ModelJSON.english.text("scale.name.\(name)")),
                category: "survey", value: value, subject: subject)))
        }
        return items
    }

    private static func code(_ key: InputKey) -> FHIRVocabulary.InputCode? { FHIRVocabulary.code(key) }

    /// `valueQuantity` with the unit, `valueBoolean` for a finding, `valueInteger` for a score.
    private static func typedValue(_ c: FHIRVocabulary.InputCode, _ value: JSONValue) -> (String, JSONValue)? {
        if let unit = c.unit { return ("Quantity", FHIRVocabulary.quantity(value, ucum: unit)) }
        switch value {
        case .bool: return ("Boolean", value)
        case .integer: return ("Integer", value)
        default: return nil
        }
    }

    private static func component(_ c: FHIRVocabulary.InputCode, _ value: JSONValue) -> JSONValue {
        .object([("code", FHIRVocabulary.concept(FHIRVocabulary.coding(c.system, c.code, c.display))),
                 ("valueQuantity", FHIRVocabulary.quantity(value, ucum: c.unit ?? ""))])
    }

    /// An Observation: status final, the category, the code, the subject when given, the value.
    private static func observation(code: JSONValue, category: String?, value: (String, JSONValue)?, subject: JSONValue?) -> JSONValue {
        var members: [(String, JSONValue)] = [("resourceType", .string("Observation")), ("status", .string("final"))]
        if let category {
            members.append(("category", .array([FHIRVocabulary.concept(
                FHIRVocabulary.coding("http://terminology.hl7.org/CodeSystem/observation-category", category))])))
        }
        members.append(("code", FHIRVocabulary.concept(code)))
        if let subject { members.append(("subject", subject)) }
        if let value { members.append(("value" + value.0, value.1)) }
        return .object(members)
    }

    static func appending(_ resource: JSONValue, _ member: (String, JSONValue)) -> JSONValue {
        guard case .object(var members) = resource else { return resource }
        members.append(member)
        return .object(members)
    }
}
