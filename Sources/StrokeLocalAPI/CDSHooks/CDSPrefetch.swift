import StrokeJSON
import StrokeModels
import TriageRendering

/// The inputs of a CDS Hooks request, read from its `prefetch` Observations
/// (docs/fhir.md, "CDS Hooks"): every prefetch value that is a Bundle (its
/// entries) or an Observation; Observations coded as `FHIRVocabulary` writes them
/// (LOINC or our own system), the BP panel's components, LOINC GFAP codes, GCS.
/// Becomes the body of `POST /v1/assess` (`assessBody`), so the same reader and the
/// same engine decide: no second rule set.
///
/// - Status `entered-in-error` and `cancelled` Observations are skipped; when an input is
///   given more than once, the latest `effectiveDateTime` (else `issued`) wins, and
///   among equals the later one in the request.
/// - A value of the wrong type or unit is 400 `api.observationInvalid`; a value out of
///   range is 400 `api.observationOutOfRange`; both name the Observation.
/// - The module: coma when the coma finding is true or GCS ≤ `DecisionRules.comaGcsAtMost`,
///   else full when FAST-ED is given, else limited.
struct CDSPrefetch {
    /// One value read, with the Observation it came from.
    struct Reading {
        let value: JSONValue
        let observation: String
        let time: String
    }

    private(set) var readings: [String: Reading] = [:]

    /// Reads the Observations of `prefetch` (the request's member, an object).
    init(_ prefetch: [String: JSONValue]) throws(LocalAPIError) {
        for key in prefetch.keys.sorted() {
            guard let value = prefetch[key] else { continue }
            for resource in Self.resources(value) where resource["resourceType"]?.stringValue == "Observation" {
                try read(resource)
            }
        }
    }

    /// The resources of a prefetch value: a Bundle's entries, or the resource itself.
    static func resources(_ value: JSONValue) -> [JSONValue] {
        if value["resourceType"]?.stringValue == "Bundle" {
            return (value["entry"]?.arrayValue ?? []).compactMap { $0["resource"] }
        }
        return value.objectMembers != nil ? [value] : []
    }

    /// The name an error gives an Observation: `Observation/<id>`, else its first code.
    static func name(_ observation: JSONValue) -> String {
        if let id = observation["id"]?.stringValue { return "Observation/" + id }
        let coding = observation["code"]?["coding"]?.arrayValue?.first
        return "Observation " + (coding?["system"]?.stringValue ?? "") + "|" + (coding?["code"]?.stringValue ?? "")
    }

    private mutating func read(_ observation: JSONValue) throws(LocalAPIError) {
        if let status = observation["status"]?.stringValue, ["entered-in-error", "cancelled"].contains(status) { return }
        let name = Self.name(observation)
        let time = observation["effectiveDateTime"]?.stringValue ?? observation["issued"]?.stringValue ?? ""
        for coding in observation["code"]?["coding"]?.arrayValue ?? [] {
            guard let system = coding["system"]?.stringValue, let code = coding["code"]?.stringValue else { continue }
            if system == FHIRVocabulary.loinc, code == FHIRVocabulary.bpPanel {
                for component in observation["component"]?.arrayValue ?? [] {
                    for c in component["code"]?["coding"]?.arrayValue ?? [] where c["system"]?.stringValue == FHIRVocabulary.loinc {
                        let key: InputKey? = c["code"]?.stringValue == FHIRVocabulary.systolic ? .sbp
                            : c["code"]?.stringValue == FHIRVocabulary.diastolic ? .dbp : nil
                        guard let key, let field = key.field else { continue }
                        let value = try Self.number(component, unit: "mm[Hg]", name)
                        if let issue = TriageRules.check(field, value.doubleValue ?? .nan).issue {
                            throw .observationOutOfRange(name, AssessRequest.rangeError(issue))
                        }
                        try store(key.json, value, name, time)
                    }
                }
                return
            }
            if system == FHIRVocabulary.loinc, code == FHIRVocabulary.gcsTotal {
                let gcs = try Self.number(observation, unit: nil, name)
                if let issue = TriageRules.check(.gcs, gcs.doubleValue ?? .nan).issue {
                    throw .observationOutOfRange(name, field: "gcs", allowed: WireRange.text(issue.allowed), given: WireRange.valueText(issue.given))
                }
                return try store("gcs", gcs, name, time)
            }
            if system == FHIRVocabulary.inputSystem, code == FHIRVocabulary.comatose {
                return try store(FHIRVocabulary.comatose, Self.boolean(observation, name), name, time)
            }
            if system == FHIRVocabulary.nihss.system, code == FHIRVocabulary.nihss.code {
                return try store(AssessRequest.nihssKey, Self.number(observation, unit: FHIRVocabulary.nihss.unit, name), name, time)
            }
            guard let key = FHIRVocabulary.input(system: system, code: code), let spec = FHIRVocabulary.code(key) else { continue }
            if key.isBoolean { return try store(key.json, Self.boolean(observation, name), name, time) }
            let value = try Self.number(observation, unit: spec.unit, name)
            // Checked here too, so a value out of range is named even when the module cannot be assessed.
            if let field = key.field, let issue = TriageRules.check(field, value.doubleValue ?? .nan).issue {
                throw .observationOutOfRange(name, AssessRequest.rangeError(issue))
            }
            try store(key.json, value, name, time)
            if key == .gfap, let assay = observation["method"]?["coding"]?.arrayValue?.first(where: {
                $0["system"]?.stringValue == FHIRVocabulary.assaySystem
            })?["code"]?.stringValue {
                try store(AssessRequest.assayKey, .string(assay), name, time)
            }
            return
        }
    }

    private mutating func store(_ key: String, _ value: JSONValue, _ name: String, _ time: String) throws(LocalAPIError) {
        if let earlier = readings[key], earlier.time > time { return }
        readings[key] = Reading(value: value, observation: name, time: time)
    }

    /// `valueQuantity.value` (in `unit` when the quantity names a UCUM code) or `valueInteger`.
    static func number(_ o: JSONValue, unit: String?, _ name: String) throws(LocalAPIError) -> JSONValue {
        if let integer = o["valueInteger"], integer.intValue != nil { return integer }
        guard let quantity = o["valueQuantity"], let value = quantity["value"], value.doubleValue != nil else {
            throw .observationInvalid(name, "has no numeric value (valueQuantity.value or valueInteger)")
        }
        if let unit, let code = quantity["code"]?.stringValue, code != unit {
            throw .observationInvalid(name, "is in \(code.escapingControlCharacters.prefix(32)); expected UCUM \(unit)")
        }
        return value
    }

    /// `valueBoolean`.
    static func boolean(_ o: JSONValue, _ name: String) throws(LocalAPIError) -> JSONValue {
        guard let value = o["valueBoolean"], value.boolValue != nil else { throw .observationInvalid(name, "has no valueBoolean") }
        return value
    }

    /// The module the readings call for.
    var module: TriageModule {
        if readings[FHIRVocabulary.comatose]?.value.boolValue == true { return .coma }
        if let gcs = readings["gcs"]?.value.doubleValue, gcs <= Double(DecisionRules.comaGcsAtMost) { return .coma }
        return readings[InputKey.fastEd.json] != nil ? .full : .limited
    }

    /// The `POST /v1/assess` body of these readings: the module and its inputs (absent ones not given).
    var assessBody: JSONValue {
        let accepted = AssessRequest.acceptedKeys(module)
        let inputs = accepted.compactMap { key in readings[key].map { (key, $0.value) } }
        return .object([("module", .string(module.rawValue)), ("inputs", .object(inputs))])
    }

    /// The Observation an input's key was read from.
    func observation(of key: String) -> String? { readings[key]?.observation }
}
