import Foundation

/// One complete HTTP answer, whatever its status: what every client transfer of the
/// package returns (the cloud client's attempts, `exchange` to the fleet collector,
/// `JSONTransfer` to the relay, the board's `RelayHTTPClient`).
public struct HTTPAnswer: Sendable, Hashable {
    /// The HTTP status code.
    public let status: Int
    /// The body bytes, at most the request's limit.
    public let body: Data
    /// The raw `Retry-After` header value, if the server sent one.
    public let retryAfter: String?

    /// An answer with `status`, `body` and, if sent, the `Retry-After` value.
    public init(status: Int, body: Data, retryAfter: String? = nil) {
        self.status = status
        self.body = body
        self.retryAfter = retryAfter
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
