import HTTPServerKit

/// Why the relay refused a request: a stable dotted code, the HTTP status
/// and one English sentence (never case data). Every refusal is counted in
/// `/metrics` (`relay_requests_refused_total{reason}`) and logged.
public struct RelayRefusal: SignedRequestAnswers, Sendable, Hashable {
    public let code: String
    public let status: Int
    public let message: String
    public static let serverName = "relay"

    public init(code: String, status: Int, message: String) {
        self.code = code
        self.status = status
        self.message = message
    }

    /// No registered hospital has the id in `Stroke-Hospital`.
    public static let hospitalUnregistered = RelayRefusal(code: "hospital.unknown", status: 401, message: "No registered hospital has this id")
    /// A case names a hospital that is not registered (or a device asks for its key).
    public static let hospitalUnknown = RelayRefusal(code: "hospital.unknown", status: 404, message: "No registered hospital has this id")
    /// The body or a path parameter is malformed.
    public static let malformed = RelayRefusal(code: "request.malformed", status: 400, message: "The request is not valid for this route")
    /// No such case for this device or hospital (another's case is answered the same way).
    public static let caseUnknown = RelayRefusal(code: "case.unknown", status: 404, message: "No such case for this sender")
    /// The case id exists with other content.
    public static let caseConflict = RelayRefusal(code: "case.conflict", status: 409, message: "A case with this id exists with other content")
    /// The case is no longer in transit (arrived, cancelled or archived).
    public static let caseClosed = RelayRefusal(code: "case.closed", status: 409, message: "The case is no longer in transit")

    /// Every refusal code, sorted (for metrics and documentation).
    public static let allCodes: [String] = Array(Set([
        signatureMissing, signatureInvalid, deviceUnknown, deviceSuspended, hospitalUnregistered, hospitalUnknown,
        replayed, stale, bodyTooLarge, malformed, caseUnknown, caseConflict, caseClosed,
    ].map(\.code))).sorted()
}
