import Foundation
import StrokeCloud

/// The board's HTTP client to the relay: the CLI's libcurl transport (`JSONTransfer`: TLS
/// verification on, no redirects, bounded time and answer size), each transfer on a thread of
/// its own, so the board's NIO server never waits on it. `caFile` (`board serve --ca-file`)
/// names a private CA the relay's certificate may chain to, besides the system's.
public final class RelayHTTPClient: Sendable {
    /// The relay's base URL (scheme, host, port, optional path prefix).
    public let baseURL: URL
    /// The private CA the relay's certificate may chain to, if any.
    public let caFile: String?
    private let timeoutSeconds: Double

    /// Creates a client for `baseURL` (`http://` or `https://`), trusting `caFile`'s CA besides the system's.
    /// - Throws: `BoardError.configurationInvalid` naming `relay`.
    public init(baseURL text: String, timeoutSeconds: Double = 10, caFile: String? = nil) throws(BoardError) {
        guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text),
              let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw .configurationInvalid("relay: expected an http:// or https:// URL, got \(text)")
        }
        baseURL = url
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
        do {
            return try await JSONTransfer.send(method: method, url: url.absoluteString, body: String(decoding: body, as: UTF8.self),
                                               headers: headers, connectTimeout: timeoutSeconds, totalTimeout: timeoutSeconds,
                                               maxResponseBytes: 16 << 20, caFile: caFile)
        } catch {
            throw .relayUnavailable(error.certificateProblem.map { "TLS certificate refused: \($0)" } ?? error.code)
        }
    }
}
