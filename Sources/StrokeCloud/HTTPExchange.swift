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
    /// Optional `CURLOPT_CAINFO`: a PEM file of CA certificates trusted besides the system's.
    var caFile: String?
    /// `POST` (the body is sent) or `GET` (the body is ignored).
    var method = "POST"
    /// Extra header lines (`Name: value`), e.g. a request signature.
    var extraHeaders: [String] = []

    /// A request; `caFile` (if any) is the private CA the server's certificate must chain to.
    init(url: String, body: String, connectTimeout: Double, totalTimeout: Double, maxResponseBytes: Int,
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
