import HTTPServerKit

/// Why the collector refused a device's request: a stable dotted reason, the
/// HTTP status and one English sentence. Every refusal is counted in
/// `/metrics` and recorded as an incident.
public struct PushRefusal: SignedRequestAnswers, Sendable, Hashable {
    public let code: String
    public let status: Int
    public let message: String
    public static let serverName = "collector"

    public init(code: String, status: Int, message: String) {
        self.code = code
        self.status = status
        self.message = message
    }

    /// The batch holds more records than the configured limit.
    public static let batchTooLarge = PushRefusal(code: "batch.tooLarge", status: 413, message: "The batch holds more records than the collector's limit")
    /// The body is not a push request.
    public static let malformed = PushRefusal(code: "request.malformed", status: 400, message: "The body is not a valid push request")
    /// The batch is not a consistent chain by itself (a hash or link does not match its record).
    public static let chainInvalid = PushRefusal(code: "chain.invalid", status: 422, message: "The batch is not a consistent hash chain")
    /// The batch does not start right after the stored head.
    public static let gap = PushRefusal(code: "chain.gap", status: 409, message: "The batch does not continue at the stored head (gap)")
    /// The batch or head contradicts a stored record.
    public static let fork = PushRefusal(code: "chain.fork", status: 409, message: "The batch contradicts the stored chain (fork)")
    /// The device reports a head before the stored head.
    public static let rollback = PushRefusal(code: "chain.rollback", status: 409, message: "The device's head lies before the stored head (rollback)")

    /// The push carries no signed head (required since the signed-head step).
    public static let headUnsigned = PushRefusal(code: "head.unsigned", status: 400, message: "The push carries no signed head")
    /// The signed head does not verify, is signed by a key not accepted for the device, or is not the push's head.
    public static let headInvalid = PushRefusal(code: "head.invalid", status: 422, message: "The signed head does not verify under the device's key or is not the push's head")
    /// The signed head names another log than the one bound to the device.
    public static let logForeign = PushRefusal(code: "log.foreign", status: 409, message: "The signed head belongs to another log than the device's")
    /// A wrapped data key names a data key none of the device's records uses.
    public static let keysUnknown = PushRefusal(code: "keys.unknown", status: 422, message: "A wrapped data key belongs to no record of the device")

    /// Every refusal, sorted by reason (for metrics and documentation).
    public static let all: [PushRefusal] = [
        .signatureMissing, .signatureInvalid, .deviceUnknown, .deviceSuspended, .replayed, .stale, .bodyTooLarge,
        .batchTooLarge, .malformed, .chainInvalid, .gap, .fork, .rollback,
        .headUnsigned, .headInvalid, .logForeign, .keysUnknown,
    ].sorted { $0.code < $1.code }
}
