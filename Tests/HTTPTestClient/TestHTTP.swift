import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOSSL

/// The one HTTP client of the server tests: HummingbirdTesting's `TestClient` (NIO, the
/// client of Hummingbird's own `.live` tests) behind a small URL-based call, over plain
/// HTTP or HTTPS trusting a test CA. One connection per request, closed afterwards.
///
/// Raw sockets stay only where a test sends bytes no client would (a malformed request,
/// a forged Host line, a 100 MB stream) or reads an endless event stream; the shipped
/// clients (the CLI's libcurl transport, the board's relay client) are tested as themselves.
public enum TestHTTP {
    /// One answer: status, header fields and body.
    public struct Answer: Sendable {
        /// The HTTP status code.
        public let status: Int
        /// The answer's header fields.
        public let headers: HTTPFields
        /// The body bytes.
        public let body: Data
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
        /// The value of the header `name`, if present.
        public func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }
    }

    /// A URL this client cannot use (only `http://` and `https://` with a host).
    public struct BadURL: Error, CustomStringConvertible {
        /// The URL given.
        public let description: String
    }

    /// Sends one request to `url` and returns the answer, whatever its status. With `caFile`,
    /// an `https` server's certificate must chain to that CA (and name the host).
    public static func send(_ method: HTTPRequest.Method = .get, _ url: String, headers: [(String, String)] = [],
                            body: Data? = nil, caFile: String? = nil, timeout: Duration = .seconds(60)) async throws -> Answer {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme, ["http", "https"].contains(scheme),
              let host = parts.host else { throw BadURL(description: url) }
        var tls: TLSConfiguration?
        if scheme == "https" {
            var configuration = TLSConfiguration.makeClientConfiguration()
            if let caFile { configuration.trustRoots = .file(caFile) }
            tls = configuration
        }
        let port = parts.port ?? (scheme == "https" ? 443 : 80)
        var target = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { target += "?" + query }
        var fields = HTTPFields()
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let request = TestClient.Request(target, method: method, authority: "\(host):\(port)", headers: fields,
                                         body: body.map { ByteBuffer(bytes: $0) })
        // NIOSSL sends no IP address as SNI: a test server on 127.0.0.1 is verified under `localhost` (the test certificates name both).
        let serverName = tls == nil ? nil : (host.first?.isNumber == true ? "localhost" : host)
        let configuration = TestClient.Configuration(tlsConfiguration: tls, timeout: timeout, serverName: serverName)
        let response = try await TestClient.withClient(host: host, port: port, configuration: configuration) { client in
            try await client.execute(request)
        }
        let bytes = response.body.map { Data($0.readableBytesView) } ?? Data()
        return Answer(status: response.status.code, headers: response.headers, body: bytes)
    }
}
