import StrokeModels

/// The errors only the CDS Hooks routes answer (docs/fhir.md, "CDS Hooks"). Their body is the
/// `/v1` form plus `"observation"`, the Observation at fault (`Observation/<id>`, else its code).
extension LocalAPIError {
    /// 400: the body is not a CDS Hooks request (`hook`, `hookInstance`, `prefetch`).
    public static func hookRequestInvalid(_ field: String, _ problem: String) -> LocalAPIError {
        LocalAPIError(code: "api.hookRequestInvalid", status: .badRequest,
                      message: "Not a CDS Hooks request: \(field) \(problem).", field: field)
    }

    /// 401: the CDS client's JSON Web Token is missing or does not verify (`CDSClientAuthorization`).
    public static func cdsUnauthorized(_ problem: String) -> LocalAPIError {
        LocalAPIError(code: "api.cdsUnauthorized", status: .unauthorized,
                      message: "The CDS client is not authorized: \(problem). Send Authorization: Bearer with a JWT the configured JWK Set verifies.")
    }

    /// 400: an Observation's value has the wrong type or unit.
    public static func observationInvalid(_ observation: String, _ problem: String) -> LocalAPIError {
        LocalAPIError(code: "api.observationInvalid", status: .badRequest,
                      message: "\(shown(observation)) \(problem).", field: shown(observation))
    }

    /// 400: an Observation's value is outside the input's allowed range.
    public static func observationOutOfRange(_ observation: String, field: String, allowed: String, given: String) -> LocalAPIError {
        LocalAPIError(code: "api.observationOutOfRange", status: .badRequest,
                      message: "\(shown(observation)): \(field) is outside its allowed range: allowed \(allowed), given \(given).",
                      field: shown(observation))
    }

    /// 400: an input the assessment refused (its range, or systolic not above diastolic), named by its Observation.
    static func observationOutOfRange(_ observation: String, _ refusal: LocalAPIError) -> LocalAPIError {
        LocalAPIError(code: "api.observationOutOfRange", status: .badRequest,
                      message: "\(shown(observation)): \(refusal.englishMessage)", field: shown(observation))
    }

    /// The CDS routes' error body: the `/v1` form, plus `observation` for an Observation's error.
    var hookBody: WireValue {
        guard case .object(var members) = body else { return body }
        if code.hasPrefix("api.observation"), let field { members.append(("observation", .string(field))) }
        return .object(members)
    }

    /// An Observation's name as an error shows it: escaped, at most 96 characters.
    private static func shown(_ name: String) -> String {
        let escaped = name.escapingControlCharacters
        return escaped.count > 96 ? String(escaped.prefix(96)) + "…" : escaped
    }
}
