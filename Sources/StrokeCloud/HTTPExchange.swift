/// One HTTP attempt as libcurl performs it (a POST unless `method` says `GET`).
struct HTTPRequest: Sendable {
    /// Absolute URL.
    let url: String
    /// JSON body text (sent with `Content-Type: application/json`).
    let body: String
    /// Connect timeout, seconds.
    let connectTimeout: Double
    /// Total timeout of this attempt, seconds.
    let totalTimeout: Double
    /// Largest accepted answer, bytes; the transfer is aborted beyond it.
    let maxResponseBytes: Int
    /// Optional `CURLOPT_PINNEDPUBLICKEY` value.
    let pinnedPublicKey: String?
    /// `POST` (the body is sent) or `GET` (the body is ignored).
    var method = "POST"
    /// Extra header lines (`Name: value`), e.g. a request signature.
    var extraHeaders: [String] = []
}

/// A complete HTTP answer (any status).
struct HTTPResponse: Sendable {
    /// HTTP status code.
    let status: Int
    /// The body bytes, at most the request's limit.
    let body: [UInt8]
    /// The raw `Retry-After` header value, if present.
    let retryAfter: String?
}
