import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// Real HTTP requests to a local API server over loopback, through HummingbirdTesting's
/// client (NIO's event loops, in the test process): one connection per request, so an
/// answer that closes its connection (413) does not affect the next.
enum LocalAPIHTTP {
    /// One request: method, path with query, optional body.
    struct Request: Sendable {
        let method: String
        let path: String
        let body: String?

        static func get(_ path: String) -> Request { Request(method: "GET", path: path, body: nil) }
        static func post(_ path: String, _ body: String) -> Request { Request(method: "POST", path: path, body: body) }
    }

    /// One answer: status and the body exactly as sent.
    struct Answer: Sendable {
        let status: Int
        let body: String
    }

    /// Sends the requests in order over loopback to `base` (`http://127.0.0.1:PORT`) and returns the answers in order.
    static func send(_ requests: [Request], to base: String) async throws -> [Answer] {
        guard let url = URL(string: base), let host = url.host, let port = url.port, url.scheme == "http" else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "not a plain HTTP base: \(base)"])
        }
        var answers: [Answer] = []
        for request in requests {
            let response = try await TestClient.withClient(host: host, port: port, configuration: .init(timeout: .seconds(60))) { client in
                var headers = HTTPFields()
                headers[.contentType] = "application/json"
                return try await client.execute(TestClient.Request(
                    request.path, method: HTTPRequest.Method(request.method) ?? .get, authority: "\(host):\(port)", headers: headers,
                    body: request.body.map { ByteBuffer(string: $0) }))
            }
            answers.append(Answer(status: response.status.code, body: response.body.map { String(buffer: $0) } ?? ""))
        }
        return answers
    }

    /// `s` escaped for a URL query value.
    static func query(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? s
    }
}
