import StrokeJSON
import StrokeModels
import TriageRendering

/// The CDS Hooks 2.0 service of the local API and the station (docs/fhir.md, "CDS Hooks"):
///
/// - `GET /cds-services`: discovery, one service `stroke-triage` on the `patient-view`
///   hook, whose `prefetch` template asks for the Observations it reads;
/// - `POST /cds-services/stroke-triage`: the request's prefetch Observations (`CDSPrefetch`)
///   become a `/v1/assess` body, assessed by `LocalAPIV1` (the same reader, engine and
///   audit as `/v1/assess`), answered as cards by `CDSCards`.
///
/// An input that is not given is not given: without GFAP (or, outside the coma
/// module, age or blood pressure) there is nothing to assess and the answer is
/// `{"cards": []}`, as CDS Hooks asks of a service with nothing to say.
public enum CDSHooksService {
    /// The discovery path.
    public static let discoveryPath = "/cds-services"
    /// The service's path.
    public static let servicePath = discoveryPath + "/" + CDSCards.serviceId
    /// The hook the service is registered on.
    public static let hook = "patient-view"
    /// The prefetch key the template fills.
    public static let prefetchKey = "observations"

    /// The FHIR search the prefetch template asks for: the patient's Observations of every code the service reads.
    public static var prefetchQuery: String {
        var codes = [FHIRVocabulary.bpPanel, FHIRVocabulary.systolic, FHIRVocabulary.diastolic, FHIRVocabulary.gcsTotal, FHIRVocabulary.nihss.code]
            .map { FHIRVocabulary.loinc + "|" + $0 }
        codes += FHIRVocabulary.gfapLoinc.map { FHIRVocabulary.loinc + "|" + $0 }
        for key in InputKey.allCases {
            guard let c = FHIRVocabulary.code(key), key != .sbp, key != .dbp, key.scaleItem == nil else { continue }
            codes.append(c.system + "|" + c.code)
        }
        codes.append(FHIRVocabulary.inputSystem + "|" + FHIRVocabulary.comatose)
        return "Observation?patient={{context.patientId}}&code=" + codes.joined(separator: ",")
    }

    /// `GET /cds-services`.
    public static var discovery: JSONValue {
        .object([("services", .array([.object([
            ("hook", .string(hook)),
            ("id", .string(CDSCards.serviceId)),
            ("title", .string("stroke-triage: prehospital stroke triage (research use only)")),
            ("description", .string("ICH and LVO estimates, urgency and hedged recommendations from GFAP, blood glucose, blood pressure, age, "
                                    + "FAST-ED and the findings given as Observations. Research use only; not a medical device.")),
            ("prefetch", .object([(prefetchKey, .string(prefetchQuery))])),
            ("usageRequirements", .string("Observations as in docs/fhir.md; GFAP in pg/mL, blood glucose in mg/dL. Missing inputs are not given.")),
        ])]))])
    }

    /// `POST /cds-services/stroke-triage`: the cards of the request's prefetch.
    /// - Throws: `LocalAPIError`: 400 `api.invalidJSON`, `api.notAnObject`, `api.duplicateField`,
    ///   `api.hookRequestInvalid`, `api.observationInvalid`, `api.observationOutOfRange`; 503 as `/v1/assess`.
    public static func answer(_ body: some Collection<UInt8>, v1: LocalAPIV1) async throws(LocalAPIError) -> (cards: JSONValue, recorded: Bool?) {
        let request = try RequestBody.object(body)
        guard case .string(_)? = request["hook"] else { throw .hookRequestInvalid("hook", "must be a string") }
        guard case .string(_)? = request["hookInstance"] else { throw .hookRequestInvalid("hookInstance", "must be a string") }
        let prefetch: [String: JSONValue]
        switch request["prefetch"] {
        case let value? where value.dictionary != nil: prefetch = value.dictionary ?? [:]
        case nil, .null?: throw .hookRequestInvalid("prefetch", "is required: this service reads its Observations only from prefetch")
        default: throw .hookRequestInvalid("prefetch", "must be an object")
        }
        let readings = try CDSPrefetch(prefetch)
        let assessment: (json: JSONValue, recorded: Bool?)
        do {
            assessment = try await v1.assessment(readings.assessBody.serializedBytes())
        } catch where error.code == "api.missingField" {
            return (.object([("cards", .array([]))]), nil)
        } catch where error.status == .unprocessableContent && error.field.flatMap(readings.observation(of:)) != nil {
            throw .observationOutOfRange(error.field.flatMap(readings.observation(of:)) ?? "", error)
        }
        return (CDSCards.answer(assessment.json), assessment.recorded)
    }
}
