import StrokeModels

/// Why an HTTP exchange got no answer: the transport's one error (DNS, connect,
/// TLS, timeout, broken connection, oversize answer, deadline, cancellation).
///
/// A struct over a private enum, so reasons can be added without breaking
/// callers. The clients above the transport wrap it in their own error (the
/// cloud client's `CloudError` keeps its `cloud.*` codes; the board, the relay
/// client and the push name the code in their cause); its messages are English,
/// never localized, and never hold a body, a header value or a token.
public struct HTTPTransferError: TriageError, Hashable, CustomStringConvertible {
    /// What went wrong, as the clients above tell it apart.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The host name could not be resolved.
        case dns
        /// The connection could not be established (refused, unreachable).
        case connect
        /// TLS handshake, certificate or pinned-key verification failed.
        case tls
        /// The attempt ran out of its connect or total timeout.
        case timeout
        /// The connection broke mid-answer (reset, truncated body, empty reply).
        case connectionLost
        /// The answer exceeded the maximum response size.
        case oversize
        /// No time was left before the exchange's deadline.
        case deadline
        /// The caller cancelled the exchange.
        case cancelled
        /// Any other transfer failure (bad URL, out of memory, libcurl misuse).
        case transport
    }

    /// What went wrong.
    public let reason: Reason
    /// libcurl's own text (or the limit that was hit), for `--verbose`.
    public let detail: String?
    /// The answer size limit, for `oversize`.
    public let limit: Int?

    /// Creates an error (the transport makes them; a test's scripted transport too).
    public init(_ reason: Reason, _ detail: String? = nil, limit: Int? = nil) {
        self.reason = reason
        self.detail = detail
        self.limit = limit
    }

    /// The host name could not be resolved.
    static func dns(_ detail: String?) -> Self { Self(.dns, detail) }
    /// The connection could not be established.
    static func connectFailed(_ detail: String?) -> Self { Self(.connect, detail) }
    /// TLS handshake, certificate or pinned-key verification failed (`detail`: libcurl's words for the problem).
    static func tls(_ detail: String?) -> Self { Self(.tls, detail) }
    /// The attempt ran out of its connect or total timeout.
    static func timeout(_ detail: String?) -> Self { Self(.timeout, detail) }
    /// The connection broke mid-answer.
    static func connectionLost(_ detail: String?) -> Self { Self(.connectionLost, detail) }
    /// The answer exceeded `limit` bytes.
    static func oversize(limit: Int) -> Self { Self(.oversize, "more than \(limit) bytes", limit: limit) }
    /// The caller cancelled the exchange.
    static let cancelled = Self(.cancelled)
    /// Any other transfer failure.
    static func transport(_ detail: String?) -> Self { Self(.transport, detail) }

    /// Stable code `http.<reason>`, e.g. `http.connect`.
    public var code: String { "http." + reason.rawValue }

    /// Every code of this type.
    public static let codes = Reason.allCases.map { "http." + $0.rawValue }

    /// English one-liner (the transport is never the last word a user reads: its clients word it).
    public var message: Message { .untranslated(description) }

    /// libcurl's own text, for `--verbose`.
    public var cause: String? { detail }

    /// `interrupted` for a cancelled exchange, else `unavailable`: the server could not be reached.
    public var category: ErrorCategory { reason == .cancelled ? .interrupted : .unavailable }

    /// For a failed TLS handshake or certificate check, libcurl's words for the problem
    /// (e.g. "SSL certificate problem: self-signed certificate in certificate chain"); else nil.
    public var certificateProblem: String? { reason == .tls ? detail ?? "secure connection failed" : nil }

    /// How the retry policy sees this failure.
    var retryClass: RetryPolicy.Failure {
        switch reason {
        case .connect: .connectFailure
        case .timeout: .timeout
        default: .other
        }
    }

    /// `code: detail`, for logs: no bodies, header values or tokens.
    public var description: String { detail.map { "\(code): \($0)" } ?? code }
}
