import Foundation

/// One HTTP attempt as libcurl performs it (a POST unless `method` says `GET`); package-wide so a
/// test's scripted transport can read it.
package struct HTTPRequest: Sendable {
    /// Absolute URL.
    package let url: String
    /// JSON body text (sent with `Content-Type: application/json`).
    package let body: String
    /// Connect timeout, seconds.
    package let connectTimeout: Double
    /// Total timeout of this attempt, seconds.
    package let totalTimeout: Double
    /// Largest accepted answer, bytes; the transfer is aborted beyond it.
    package let maxResponseBytes: Int
    /// Optional `CURLOPT_PINNEDPUBLICKEY` value.
    package let pinnedPublicKey: String?
    /// Optional `CURLOPT_CAINFO`: a PEM file of CA certificates trusted besides the system's.
    package var caFile: String?
    /// `POST` (the body is sent) or `GET` (the body is ignored).
    package var method = "POST"
    /// Extra header lines (`Name: value`), e.g. a request signature.
    package var extraHeaders: [String] = []

    /// A request; `caFile` (if any) is the private CA the server's certificate must chain to.
    package init(url: String, body: String, connectTimeout: Double, totalTimeout: Double, maxResponseBytes: Int,
                 pinnedPublicKey: String?, caFile: String? = nil, method: String = "POST", extraHeaders: [String] = []) {
        self.url = url
        self.body = body
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxResponseBytes = maxResponseBytes
        self.pinnedPublicKey = pinnedPublicKey
        self.caFile = caFile
        self.method = method
        self.extraHeaders = extraHeaders
    }
}

/// A complete HTTP answer (any status), as the transport returns it.
package struct HTTPResponse: Sendable {
    /// HTTP status code.
    package let status: Int
    /// The body bytes, at most the request's limit.
    package let body: [UInt8]
    /// The raw `Retry-After` header value, if present.
    package let retryAfter: String?

    /// A response (a test's scripted transport makes them).
    package init(status: Int, body: [UInt8], retryAfter: String?) {
        self.status = status
        self.body = body
        self.retryAfter = retryAfter
    }
}

/// A complete answer of an HTTP service, whatever its status: what `JSONTransfer`
/// and `RetryingTransfer` return.
public struct TransferAnswer: Sendable, Hashable {
    /// The HTTP status.
    public let status: Int
    /// The body, at most the request's `maxResponseBytes`.
    public let body: Data

    /// Creates an answer.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
