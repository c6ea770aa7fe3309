import Foundation
import HTTPTypes
import HTTPTestClient

/// Real HTTP requests to a local API server over loopback, through the tests' one HTTP client
/// (`TestHTTP`: HummingbirdTesting's client on NIO's event loops): one connection per request, so
/// an answer that closes its connection (413) does not affect the next.
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

    /// Sends the requests in order over loopback to `base` (`http://127.0.0.1:PORT`) through the tests'
    /// one HTTP client (`TestHTTP`) and returns the answers in order.
    static func send(_ requests: [Request], to base: String) async throws -> [Answer] {
        var answers: [Answer] = []
        for request in requests {
            let answer = try await TestHTTP.send(HTTPRequest.Method(request.method) ?? .get, base + request.path,
                                                 headers: [("Content-Type", "application/json")], body: request.body.map { Data($0.utf8) })
            answers.append(Answer(status: answer.status, body: answer.text))
        }
        return answers
    }

    /// `s` escaped for a URL query value.
    static func query(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? s
    }
}
