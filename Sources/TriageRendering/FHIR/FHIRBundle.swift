import AuditFormat
import Crypto
import Foundation
import StrokeJSON
import StrokeModels

/// The references every resource of one Bundle shares.
struct FHIRContext {
    /// `RiskAssessment.subject`: the Patient when an identifier was given, else a display-only reference.
    let subject: JSONValue
    /// The Encounter, when the routing suggested a destination.
    let encounter: JSONValue?
    /// The Device (stroke-triage and its models).
    let device: JSONValue
    /// The time the assessment was computed (ISO 8601 UTC).
    let recorded: String
}

/// An assessment as one FHIR R4 `Bundle` of type `collection` (`--fhir`, the board's
/// `GET /cases/{id}.fhir.json`): built from the assessment's `--json` object only, so
/// the device and the board write the same Bundle for the same case (docs/fhir.md).
///
/// Deterministic: every resource's id is a name-based UUID (SHA-256 of the assessment
/// JSON without `trace`, the patient identifier and the resource's name in the
/// Bundle, as UUID version 8); the only time is `recorded`, the caller's.
///
/// ```swift
/// let json = AssessmentSession.json(outcome)
/// let bundle = FHIRBundle.make(json, recorded: outcome.computedAt)
/// print(bundle.serialized())
/// ```
public enum FHIRBundle {
    /// The Bundle of an assessment.
    /// - Parameters:
    ///   - assessment: the `--json` object (`AssessmentJSON.outcome`), or a board case's payload.
    ///   - recorded: when the assessment was computed (the device) or sealed (the board).
    ///   - patientId: an identifier the user gave (`--patient-id`); without it there is no Patient.
    ///   - version: the stroke-triage version the Device names.
    public static func make(_ assessment: JSONValue, recorded: Date, patientId: String? = nil, version: String = AppInfo.version) -> JSONValue {
        var seedValue = assessment
        if case .object(let members) = assessment { seedValue = .object(members.filter { $0.0 != "trace" }) }
        let seed = Array(seedValue.serializedBytes()) + [0] + Array((patientId ?? "").utf8)
        func uuid(_ name: String) -> String { "urn:uuid:" + nameUUID(seed + [0] + Array(name.utf8)) }
        func reference(_ name: String) -> JSONValue { .object([("reference", .string(uuid(name)))]) }

        var entries: [(name: String, resource: JSONValue)] = []
        if let patientId {
            entries.append(("patient", .object([("resourceType", .string("Patient")),
                                                 ("identifier", .array([.object([("value", .string(patientId))])]))])))
        }
        let subject: JSONValue = patientId != nil ? reference("patient")
            : .object([("display", .string("Patient not identified (no identifier given)"))])
        let centers = FHIRDestination.centers(assessment["routing"])
        let context = FHIRContext(subject: subject, encounter: centers.isEmpty ? nil : reference("encounter"),
                                  device: reference("device"), recorded: iso(recorded))
        let patientReference = patientId != nil ? subject : nil

        let observations = FHIRObservations.items(assessment, subject: patientReference)
        entries += observations.map { (name: $0.key, resource: $0.resource) }
        func basis(_ prediction: JSONValue) -> [JSONValue] {
            var names: [String] = []
            for used in prediction["inputsUsed"]?.stringArray ?? [] {
                guard let key = InputKey(rawValue: used), let item = observations.first(where: { $0.inputs.contains(key) }),
                      !names.contains(item.key) else { continue }
                names.append(item.key)
            }
            return names.map(reference)
        }
        let decision = assessment["decision"] ?? .object([])
        if let ich = assessment["ich"], !ich.isNull {
            entries.append(("riskAssessment.ich", FHIRDecisionResources.riskAssessment(
                "ich", ich, used: decision["ichUsed"]?.boolValue ?? false, basis: basis(ich), context: context)))
        }
        if let lvo = assessment["lvo"], !lvo.isNull {
            let used = decision["lvoBasis"]?.stringArray?.contains(LVOVerdict.Basis.model.rawValue) ?? false
            entries.append(("riskAssessment.lvo", FHIRDecisionResources.riskAssessment("lvo", lvo, used: used, basis: basis(lvo), context: context)))
        }
        entries.append(("parameters.decision", FHIRDecisionResources.parameters(decision)))
        entries.append(("guidanceResponse", FHIRDecisionResources.guidanceResponse(decision, parameters: reference("parameters.decision"), context: context)))
        if !centers.isEmpty {
            for (role, center) in centers { entries.append(("location.\(role)", FHIRDestination.location(center))) }
            let planned = centers.map { (role: $0.role, center: $0.center, reference: reference("location.\($0.role)")) }
            entries.append(("encounter", FHIRDestination.encounter(planned, subject: patientReference)))
        }
        entries.append(("device", device(assessment, version: version)))
        let targets = entries.filter { $0.name != "patient" && $0.name != "device" }.map { reference($0.name) }
        entries.append(("provenance", .object([
            ("resourceType", .string("Provenance")),
            ("target", .array(targets)),
            ("recorded", .string(iso(recorded))),
            ("agent", .array([.object([
                ("type", FHIRVocabulary.concept(FHIRVocabulary.coding("http://terminology.hl7.org/CodeSystem/provenance-participant-type",
                                                                       "assembler", "Assembler"))),
                ("who", context.device),
            ])])),
        ])))

        return .object([
            ("resourceType", .string("Bundle")),
            ("id", .string(String(uuid("bundle").dropFirst("urn:uuid:".count)))),
            ("type", .string("collection")),
            ("timestamp", .string(iso(recorded))),
            ("entry", .array(entries.map { entry in
                let full = uuid(entry.name)
                var resource = entry.resource
                if case .object(var members) = resource {
                    members.insert(("id", .string(String(full.dropFirst("urn:uuid:".count)))), at: 1)
                    resource = .object(members)
                }
                return .object([("fullUrl", .string(full)), ("resource", resource)])
            })),
        ])
    }

    /// The Device: stroke-triage, its version, each model that answered and the protocol, with the disclaimer.
    static func device(_ assessment: JSONValue, version: String) -> JSONValue {
        var versions: [JSONValue] = [.object([("type", .object([("text", .string("stroke-triage"))])), ("value", .string(version))])]
        for name in ["ich", "lvo", "volume"] {
            guard let model = assessment[name]?["model"]?.stringValue else { continue }
            versions.append(.object([("type", .object([("text", .string("\(name) model"))])), ("value", .string(model))]))
        }
        if let id = assessment["decision"]?["protocol"]?["id"]?.stringValue {
            versions.append(.object([("type", .object([("text", .string("protocol"))])), ("value", .string(id))]))
        }
        return .object([
            ("resourceType", .string("Device")),
            ("deviceName", .array([.object([("name", .string("stroke-triage")), ("type", .string("manufacturer-name"))])])),
            ("type", .object([("text", .string("Prehospital stroke triage software (research use only)"))])),
            ("version", .array(versions)),
            ("note", [ModelJSON.english.text("disclaimer.short")].notes),
        ])
    }

    /// A name-based UUID (version 8, RFC 9562) of the first 16 bytes of SHA-256 of `bytes`.
    static func nameUUID(_ bytes: [UInt8]) -> String {
        var b = Array(SHA256.hash(data: bytes).prefix(16))
        b[6] = (b[6] & 0x0f) | 0x80
        b[8] = (b[8] & 0x3f) | 0x80
        let hex = Hex.encode(b)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }

    /// ISO 8601 UTC in whole seconds (FHIR `instant` and `dateTime`): the handover report's one form.
    static func iso(_ date: Date) -> String { UTCTime.isoSeconds(date) }
}
