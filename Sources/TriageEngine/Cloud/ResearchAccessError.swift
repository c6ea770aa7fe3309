import StrokeModels

/// The error of research access (`login`) beyond the cloud client's own: no password
/// was given (`cloud.noPassword`, exit 64), or the research-access function refused
/// it (HTTP 401, `cloud.loginRefused`, exit 1). The message never repeats the password.
public enum ResearchAccessError: TriageError, Hashable, CaseIterable {
    /// The password was empty, or the input ended before one was read.
    case noPassword
    /// The research-access function refused the password (HTTP 401).
    case loginRefused

    /// The stable code: `cloud.noPassword` or `cloud.loginRefused`.
    public var code: String {
        switch self {
        case .noPassword: "cloud.noPassword"
        case .loginRefused: "cloud.loginRefused"
        }
    }

    /// Every code of this type.
    public static let codes = allCases.map(\.code)

    /// The one-line message (keys `cloud.login.noPassword`, `cloud.login.refused`).
    public var message: Message {
        switch self {
        case .noPassword: Message("cloud.login.noPassword")
        case .loginRefused: Message("cloud.login.refused")
        }
    }

    /// No cause beyond the message.
    public var cause: String? { nil }

    /// `usage` (64) without a password, `failure` (1) when it was refused.
    public var category: ErrorCategory {
        switch self {
        case .noPassword: .usage
        case .loginRefused: .failure
        }
    }
}
