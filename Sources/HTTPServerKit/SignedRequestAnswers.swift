import HTTPTypes

/// A server's catalogue of refusals (the collector's `PushRefusal`, the relay's `RelayRefusal`):
/// each a stable dotted code (the answer's `code`, the metrics label), an HTTP status and one
/// English sentence for operators (never patient or case data). The refusals of every signed
/// request are declared here once; each server adds its own.
public protocol SignedRequestAnswers: Error, Sendable, Hashable {
    /// Stable dotted code, e.g. `request.replayed`.
    var code: String { get }
    /// The HTTP status code of the answer.
    var status: Int { get }
    /// One English sentence for operators.
    var message: String { get }
    /// A refusal with its code, status and sentence.
    init(code: String, status: Int, message: String)
    /// The server's name in the sentences: "collector", "relay".
    static var serverName: String { get }
    /// The request is malformed (also: its body could not be read).
    static var malformed: Self { get }
}

extension SignedRequestAnswers {
    /// The signature headers are missing or malformed.
    public static var signatureMissing: Self {
        Self(code: "signature.missing", status: 401, message: "The request carries no valid signature headers")
    }
    /// The signature does not verify under the sender's registered key.
    public static var signatureInvalid: Self {
        Self(code: "signature.invalid", status: 401, message: "The signature does not verify under the registered key")
    }
    /// No registered (not removed) device has the claimed name.
    public static var deviceUnknown: Self {
        Self(code: "device.unknown", status: 401, message: "No registered device has this name")
    }
    /// The device is suspended.
    public static var deviceSuspended: Self {
        Self(code: "device.suspended", status: 403, message: "The device is suspended")
    }
    /// The nonce was already used by this sender.
    public static var replayed: Self {
        Self(code: "request.replayed", status: 401, message: "The request was already received (replay)")
    }
    /// The timestamp lies outside the accepted window.
    public static var stale: Self {
        Self(code: "request.stale", status: 401, message: "The request's timestamp lies outside the accepted window")
    }
    /// The body exceeds the server's configured limit.
    public static var bodyTooLarge: Self {
        Self(code: "body.tooLarge", status: 413, message: "The request body exceeds the \(serverName)'s limit")
    }

    /// The server's answer to a refusal of the signed-request check (an unreadable body is `malformed`).
    public init(_ refusal: SignedRequestRefusal) {
        self = switch refusal.reason {
        case .bodyTooLarge: .bodyTooLarge
        case .bodyUnreadable: .malformed
        case .signatureMissing: .signatureMissing
        case .stale: .stale
        case .replayed: .replayed
        }
    }

    /// The HTTP status.
    public var httpStatus: HTTPResponse.Status { HTTPResponse.Status(code: status) }
}
