import Foundation

/// One JSON request to a server other than the prediction Cloud Functions
/// (the pre-notification relay), through the same libcurl transport: TLS
/// verification on, no redirects, bounded time and answer size.
///
/// The caller signs the request itself and passes the signature as headers.
public enum JSONTransfer {
    /// Sends one request and returns the server's answer, whatever its status.
    /// - Parameters:
    ///   - method: `GET` or `POST`.
    ///   - url: absolute `http` or `https` URL.
    ///   - body: JSON text (POST only).
    ///   - headers: extra headers, name and value.
    ///   - connectTimeout: seconds to wait for the connection.
    ///   - totalTimeout: seconds for the whole exchange.
    ///   - maxResponseBytes: the transfer is aborted beyond this answer size.
    ///   - caFile: a PEM file of a private CA the server's certificate may chain to (verification stays on).
    /// - Throws: `CloudError` when no answer came (DNS, connect, TLS, timeout, oversize).
    public static func send(method: String, url: String, body: String = "", headers: [(String, String)] = [],
                            connectTimeout: Double, totalTimeout: Double,
                            maxResponseBytes: Int = 1 << 20, caFile: String? = nil) async throws(CloudError) -> HTTPAnswer {
        var request = HTTPRequest(url: url, body: body, connectTimeout: connectTimeout, totalTimeout: totalTimeout,
                                  maxResponseBytes: maxResponseBytes, pinnedPublicKey: nil, caFile: caFile)
        request.method = method
        // Header values never carry line breaks (a value could otherwise add a header).
        request.extraHeaders = headers.map { "\($0.0): \($0.1.filter { $0 != "\r" && $0 != "\n" })" }
        return try await CurlTransport.send(request)
    }
}
