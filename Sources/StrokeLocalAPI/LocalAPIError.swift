import HTTPTypes
import StrokeJSON
import StrokeModels

/// Every error the local API answers, with a stable dotted code `api.reason`.
///
/// Two bodies carry it: on `/v1` and the service routes `{"error":{"code":…,"message":…}}`
/// (`body`, with `"field"` when one request field is at fault); on the Cloud Functions
/// contract routes `{"error":"<message>","code":…,"field":…}` (`contractBody`), the
/// string `error` the reference functions' clients read. Messages name the field, the
/// allowed range and the value given; they never echo anything else of the request.
public struct LocalAPIError: TriageError, Equatable {
    /// Stable dotted code, e.g. `api.outOfRange`.
    public let code: String
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A one-sentence English explanation (the answer's `message`; API answers are not localized).
    public let englishMessage: String
    /// The request field concerned (wire name, e.g. `gfap_value`), if any.
    public let field: String?

    /// Creates an error.
    public init(code: String, status: HTTPResponse.Status, message: String, field: String? = nil) {
        self.code = code
        self.status = status
        self.englishMessage = message
        self.field = field
    }

    /// 400: the body is not valid JSON.
    public static let invalidJSON = LocalAPIError(code: "api.invalidJSON", status: .badRequest,
                                                  message: "The request body is not valid JSON.")
    /// 400: the body is JSON but not an object.
    public static let notAnObject = LocalAPIError(code: "api.notAnObject", status: .badRequest,
                                                  message: "The request body must be a JSON object.")
    /// 400: an object in the body names a member twice (RFC 8259 leaves the meaning open,
    /// so it is refused rather than read as the first or the last). The name is shown
    /// escaped (control and bidirectional characters visible) and cut at 64 characters.
    public static func duplicateField(_ name: String) -> LocalAPIError {
        let shown = name.count > 64 ? String(name.prefix(64)) + "…" : name
        return LocalAPIError(code: "api.duplicateField", status: .badRequest,
                             message: "The member \"\(shown.escapingControlCharacters)\" is given more than once; each member may appear only once.",
                             field: shown.escapingControlCharacters)
    }
    /// 413: the body exceeds the configured limit.
    public static func bodyTooLarge(limit: Int) -> LocalAPIError {
        LocalAPIError(code: "api.bodyTooLarge", status: .contentTooLarge,
                      message: "The request body exceeds the limit of \(limit) bytes.")
    }
    /// 408: the body did not arrive within the request timeout.
    public static func timeout(seconds: Int) -> LocalAPIError {
        LocalAPIError(code: "api.timeout", status: .requestTimeout,
                      message: "The request body did not arrive within \(seconds) s.")
    }
    /// 404: no such route.
    public static let notFound = LocalAPIError(code: "api.notFound", status: .notFound,
                                               message: "No such route; GET /openapi.json lists every route.")
    /// 405: the route exists, the method does not.
    public static let methodNotAllowed = LocalAPIError(code: "api.methodNotAllowed", status: .methodNotAllowed,
                                                       message: "This route does not accept that method; GET /openapi.json lists the methods.")
    /// 400: a required field is absent (or null).
    public static func missingField(_ field: String) -> LocalAPIError {
        LocalAPIError(code: "api.missingField", status: .badRequest, message: "The field \(field) is required.", field: field)
    }
    /// 400: a field has the wrong JSON type.
    public static func wrongType(_ field: String, expected: String) -> LocalAPIError {
        LocalAPIError(code: "api.wrongType", status: .badRequest, message: "The field \(field) must be \(expected).", field: field)
    }
    /// 400: a string given for a number is not a decimal number (`"0x46"`, `" 70"`, `"+70"`,
    /// `"70\u0000abc"`, …); the one grammar of `DecimalNumber`. Names the field, the allowed
    /// form and the value given (escaped, cut at 64 characters).
    public static func notADecimal(_ field: String, given: String) -> LocalAPIError {
        let shown = given.count > 64 ? String(given.prefix(64)) + "…" : given
        return LocalAPIError(code: "api.wrongType", status: .badRequest,
                             message: "The field \(field) must be a number: a JSON number, or a string holding \(DecimalNumber.form); given \"\(shown.escapingControlCharacters)\".",
                             field: field)
    }
    /// 422: a value outside its allowed range.
    public static func outOfRange(_ field: String, allowed: String, given: String) -> LocalAPIError {
        LocalAPIError(code: "api.outOfRange", status: .unprocessableContent,
                      message: "\(field) is outside its allowed range: allowed \(allowed), given \(given).", field: field)
    }
    /// 422: the ICH baseline does not apply to this patient (age under 18).
    public static func notApplicable(_ field: String, allowed: String, given: String) -> LocalAPIError {
        LocalAPIError(code: "api.notApplicable", status: .unprocessableContent,
                      message: "The ICH baseline applies only for \(field) \(allowed); given \(given). No ICH probability is given.",
                      field: field)
    }
    /// A setting of `stroke-triage-server api` that cannot be used (the command exits 64; never an HTTP answer).
    public static func configurationInvalid(_ message: String) -> LocalAPIError {
        LocalAPIError(code: "api.configurationInvalid", status: .internalServerError, message: message)
    }
    /// The address of `stroke-triage-server api` cannot be bound (the command exits 69; never an HTTP answer).
    public static func unavailable(_ message: String) -> LocalAPIError {
        LocalAPIError(code: "api.unavailable", status: .serviceUnavailable, message: message)
    }
    /// Another HTTP error of the server framework (the status and its reason phrase).
    public static func httpStatus(_ status: HTTPResponse.Status) -> LocalAPIError {
        LocalAPIError(code: "api.httpStatus", status: status, message: status.reasonPhrase)
    }
    /// 400: the request is not valid HTTP/1.1 (its request line or headers); the connection is closed.
    public static let malformedRequest = LocalAPIError(code: "api.malformedRequest", status: .badRequest,
                                                       message: "The request is not valid HTTP/1.1.")
    /// 500: an unexpected failure (never carries request data).
    public static let internalError = LocalAPIError(code: "api.internal", status: .internalServerError,
                                                    message: "The server could not answer this request.")

    /// Every code of this type.
    public static let codes = [
        "invalidJSON", "notAnObject", "duplicateField", "bodyTooLarge", "timeout", "notFound", "methodNotAllowed", "missingField",
        "wrongType", "outOfRange", "notApplicable", "configurationInvalid", "unavailable", "httpStatus", "internal", "malformedRequest",
        // The /v1 routes' own (LocalAPIError+V1.swift, LocalAPIV1+Load.swift).
        "unknownField", "unsupportedMode", "unknownPlace", "ambiguousPlace", "misconfigured", "configUnreadable", "auditUnavailable",
        // The research-access route's own (Research/LocalAPIError+Research.swift).
        "researchAccessOff", "invalidAction", "invalidCredentials", "sessionInvalid", "rateLimited",
        // The CDS Hooks routes' own (CDSHooks/LocalAPIError+CDS.swift).
        "hookRequestInvalid", "observationInvalid", "observationOutOfRange", "cdsUnauthorized",
    ].map { "api." + $0 }

    /// The English sentence as a message.
    public var message: Message { .untranslated(englishMessage) }

    /// The field concerned, if any (the message already says everything else).
    public var cause: String? { field.map { "field \($0)" } }

    /// `usage` (64) for a setting of the command, a wrong route or method; `unavailable` (69)
    /// when the address cannot be bound; `invalidData` (65) for a request body that is not
    /// valid (400, 413, 422); `failure` (1) for a timeout or an internal error.
    public var category: ErrorCategory {
        switch code {
        case "api.configurationInvalid", "api.notFound", "api.methodNotAllowed": .usage
        case "api.unavailable": .unavailable
        case "api.configUnreadable", "api.misconfigured": .config
        default:
            switch status.code {
            case 400, 413, 422: .invalidData
            case 400..<500 where status.code != 408: .usage
            default: .failure
            }
        }
    }

    /// The contract routes' body: `{"error": message, "code": code, "field": field or null}`.
    public var contractBody: WireValue {
        .object([("error", .string(englishMessage)), ("code", .string(code)), ("field", field.map { .string($0) } ?? .null)])
    }

    /// The `/v1` and service routes' body: `{"error": {"code", "message", "field"?}}`.
    public var body: WireValue {
        var error: [(String, WireValue)] = [("code", .string(code)), ("message", .string(englishMessage))]
        if let field { error.append(("field", .string(field))) }
        return .object([("error", .object(error))])
    }
}
