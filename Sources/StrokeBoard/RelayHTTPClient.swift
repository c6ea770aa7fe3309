import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StrokeCloud

/// One HTTP answer: status and body.
public struct HTTPAnswer: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The body bytes.
    public let body: Data
}

/// The board's HTTP client to the relay: Foundation's `URLSession`
/// (FoundationNetworking on Linux, which uses the system libcurl), with an
/// ephemeral session (no cookies, no cache, no credentials on disk) and an
/// explicit per-request timeout. Chosen because it is already in the
/// toolchain: no package is added for it.
///
/// With a private CA (`caFile`, `board serve --ca-file`) the requests go through the CLI's
/// libcurl transport instead (`JSONTransfer`, `CURLOPT_CAINFO`, verification on): URLSession on
/// Linux has no way to trust a CA besides the system's.
public final class RelayHTTPClient: @unchecked Sendable {
    // URLSession is thread-safe; the stored properties are immutable.
    /// The relay's base URL (scheme, host, port, optional path prefix).
    public let baseURL: URL
    /// The private CA the relay's certificate may chain to, if any.
    public let caFile: String?
    private let session: URLSession
    private let timeoutSeconds: Double

    /// Creates a client for `baseURL` (`http://` or `https://`), trusting `caFile`'s CA besides the system's.
    /// - Throws: `BoardError.configurationInvalid` naming `relay`.
    public init(baseURL text: String, timeoutSeconds: Double = 10, caFile: String? = nil) throws(BoardError) {
        guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text),
              let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw .configurationInvalid("relay: expected an http:// or https:// URL, got \(text)")
        }
        baseURL = url
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeoutSeconds
        configuration.timeoutIntervalForResource = timeoutSeconds
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        self.timeoutSeconds = timeoutSeconds
        self.caFile = caFile
    }

    /// The path a request to `path` signs: the base URL's own path prefix (if any) plus `path`.
    public func signedPath(_ path: String) -> String { baseURL.path + path }

    /// Sends one request and returns the answer, whatever its status.
    /// - Throws: `BoardError.relayUnavailable` when no answer arrives (refused, timeout, DNS, a certificate
    ///   that does not verify: the detail names the problem).
    public func send(method: String, path: String, body: Data = Data(), headers: [(String, String)] = []) async throws(BoardError) -> HTTPAnswer {
        guard let url = URL(string: baseURL.absoluteString + path) else { throw .configurationInvalid("path: \(path)") }
        if let caFile {
            do {
                let answer = try await JSONTransfer.send(method: method, url: url.absoluteString, body: String(decoding: body, as: UTF8.self),
                                                         headers: headers, connectTimeout: timeoutSeconds, totalTimeout: timeoutSeconds,
                                                         maxResponseBytes: 16 << 20, caFile: caFile)
                return HTTPAnswer(status: answer.status, body: answer.body)
            } catch {
                throw .relayUnavailable(error.certificateProblem.map { "TLS certificate refused: \($0)" } ?? error.code)
            }
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeoutSeconds)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if !body.isEmpty {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let session = session
        let result: Result<HTTPAnswer, BoardError> = await withCheckedContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let response = response as? HTTPURLResponse {
                    continuation.resume(returning: .success(HTTPAnswer(status: response.statusCode, body: data ?? Data())))
                } else {
                    let reason = (error as? URLError).map { "URLError \($0.code.rawValue)" } ?? "no HTTP answer"
                    continuation.resume(returning: .failure(.relayUnavailable(reason)))
                }
            }.resume()
        }
        return try result.get()
    }
}
