import StrokeModels

/// The research-access function refused the password (HTTP 401): code
/// `cloud.loginRefused`, exit 1. The message never repeats the password.
public struct LoginRefused: TriageError, Hashable {
    /// The refusal.
    public init() {}

    /// The stable code `cloud.loginRefused`.
    public var code: String { "cloud.loginRefused" }
    /// Every code of this type.
    public static let codes = ["cloud.loginRefused"]
    /// The one-line message (key `cloud.login.refused`).
    public var message: Message { Message("cloud.login.refused") }
    /// No cause beyond the message.
    public var cause: String? { nil }
    /// `failure` (exit 1).
    public var category: ErrorCategory { .failure }
}
