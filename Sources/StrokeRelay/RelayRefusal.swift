import HTTPServerKit
import Hummingbird

/// Why the relay refused a request: a stable dotted code, the HTTP status
/// and one English sentence (never case data). Every refusal is counted in
/// `/metrics` (`relay_requests_refused_total{reason}`) and logged.
public struct RelayRefusal: SignedRequestAnswers, Sendable, Hashable {
    /// Stable dotted code, e.g. `request.replayed`.
    public let code: String
    /// The HTTP status code.
    public let status: Int
    /// One English sentence for operators.
    public let message: String

    private init(_ code: String, _ status: Int, _ message: String) {
        self.code = code
        self.status = status
        self.message = message
    }

    /// The signature headers are missing or malformed.
    public static let signatureMissing = RelayRefusal("signature.missing", 401, "The request carries no valid signature headers")
    /// The signature does not verify under the registered key.
    public static let signatureInvalid = RelayRefusal("signature.invalid", 401, "The signature does not verify under the registered key")
    /// No registered (not removed) device has the claimed name.
    public static let deviceUnknown = RelayRefusal("device.unknown", 401, "No registered device has this name")
    /// The device is suspended.
    public static let deviceSuspended = RelayRefusal("device.suspended", 403, "The device is suspended")
    /// No registered hospital has the id in `Stroke-Hospital`.
    public static let hospitalUnregistered = RelayRefusal("hospital.unknown", 401, "No registered hospital has this id")
    /// A case names a hospital that is not registered (or a device asks for its key).
    public static let hospitalUnknown = RelayRefusal("hospital.unknown", 404, "No registered hospital has this id")
    /// The nonce was already used.
    public static let replayed = RelayRefusal("request.replayed", 401, "The request was already received (replay)")
    /// The timestamp lies outside the accepted window.
    public static let stale = RelayRefusal("request.stale", 401, "The request's timestamp lies outside the accepted window")
    /// The body exceeds the configured limit.
    public static let bodyTooLarge = RelayRefusal("body.tooLarge", 413, "The request body exceeds the relay's limit")
    /// The body or a path parameter is malformed.
    public static let malformed = RelayRefusal("request.malformed", 400, "The request is not valid for this route")
    /// No such case for this device or hospital (another's case is answered the same way).
    public static let caseUnknown = RelayRefusal("case.unknown", 404, "No such case for this sender")
    /// The case id exists with other content.
    public static let caseConflict = RelayRefusal("case.conflict", 409, "A case with this id exists with other content")
    /// The case is no longer in transit (arrived, cancelled or archived).
    public static let caseClosed = RelayRefusal("case.closed", 409, "The case is no longer in transit")

    /// Every refusal code, sorted (for metrics and documentation).
    public static let allCodes: [String] = Array(Set([
        signatureMissing, signatureInvalid, deviceUnknown, deviceSuspended, hospitalUnregistered, hospitalUnknown,
        replayed, stale, bodyTooLarge, malformed, caseUnknown, caseConflict, caseClosed,
    ].map(\.code))).sorted()

    /// The HTTP status.
    var httpStatus: HTTPResponse.Status { HTTPResponse.Status(code: status) }
}
