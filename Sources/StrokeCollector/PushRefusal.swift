import HTTPServerKit
import Hummingbird

/// Why the collector refused a device's request: a stable dotted reason, the
/// HTTP status and one English sentence. Every refusal is counted in
/// `/metrics` and recorded as an incident.
public struct PushRefusal: SignedRequestAnswers, Sendable, Hashable {
    /// Stable dotted code, e.g. `chain.gap` (the answer's `code`, the metrics label and the incident's reason).
    public let code: String
    /// The HTTP status code of the answer.
    public let status: Int
    /// One English sentence for operators (never patient data).
    public let message: String

    private init(_ code: String, _ status: Int, _ message: String) {
        self.code = code
        self.status = status
        self.message = message
    }

    /// The signature headers are missing or malformed.
    public static let signatureMissing = PushRefusal("signature.missing", 401, "The request carries no valid signature headers")
    /// The signature does not verify under the device's registered key.
    public static let signatureInvalid = PushRefusal("signature.invalid", 401, "The signature does not verify under the device's key")
    /// No active device has the claimed name.
    public static let deviceUnknown = PushRefusal("device.unknown", 401, "No registered device has this name")
    /// The device is suspended.
    public static let deviceSuspended = PushRefusal("device.suspended", 403, "The device is suspended")
    /// The nonce was already used by this device.
    public static let replayed = PushRefusal("request.replayed", 401, "The request was already received (replay)")
    /// The timestamp lies outside the accepted window.
    public static let stale = PushRefusal("request.stale", 401, "The request's timestamp lies outside the accepted window")
    /// The body exceeds the configured limit.
    public static let bodyTooLarge = PushRefusal("body.tooLarge", 413, "The request body exceeds the collector's limit")
    /// The batch holds more records than the configured limit.
    public static let batchTooLarge = PushRefusal("batch.tooLarge", 413, "The batch holds more records than the collector's limit")
    /// The body is not a push request.
    public static let malformed = PushRefusal("request.malformed", 400, "The body is not a valid push request")
    /// The batch is not a consistent chain by itself (a hash or link does not match its record).
    public static let chainInvalid = PushRefusal("chain.invalid", 422, "The batch is not a consistent hash chain")
    /// The batch does not start right after the stored head.
    public static let gap = PushRefusal("chain.gap", 409, "The batch does not continue at the stored head (gap)")
    /// The batch or head contradicts a stored record.
    public static let fork = PushRefusal("chain.fork", 409, "The batch contradicts the stored chain (fork)")
    /// The device reports a head before the stored head.
    public static let rollback = PushRefusal("chain.rollback", 409, "The device's head lies before the stored head (rollback)")

    /// The push carries no signed head (required since the signed-head step).
    public static let headUnsigned = PushRefusal("head.unsigned", 400, "The push carries no signed head")
    /// The signed head does not verify, is signed by a key not accepted for the device, or is not the push's head.
    public static let headInvalid = PushRefusal("head.invalid", 422, "The signed head does not verify under the device's key or is not the push's head")
    /// The signed head names another log than the one bound to the device.
    public static let logForeign = PushRefusal("log.foreign", 409, "The signed head belongs to another log than the device's")
    /// A wrapped data key names a data key none of the device's records uses.
    public static let keysUnknown = PushRefusal("keys.unknown", 422, "A wrapped data key belongs to no record of the device")

    /// Every refusal, sorted by reason (for metrics and documentation).
    public static let all: [PushRefusal] = [
        .signatureMissing, .signatureInvalid, .deviceUnknown, .deviceSuspended, .replayed, .stale, .bodyTooLarge,
        .batchTooLarge, .malformed, .chainInvalid, .gap, .fork, .rollback,
        .headUnsigned, .headInvalid, .logForeign, .keysUnknown,
    ].sorted { $0.code < $1.code }

    /// The HTTP status.
    var httpStatus: HTTPResponse.Status { HTTPResponse.Status(code: status) }
}
