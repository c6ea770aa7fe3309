import CaseWire
import CollectorWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// A relay (or collector) stand-in on a real loopback port: answers the device's
/// requests from a script of canned answers and keeps what it was sent, so the
/// device code's libcurl requests run over real HTTP. The real relay and collector
/// need PostgreSQL; their end-to-end suites live in StrokeCollectorTests.
actor FakeRelay {
    /// One request as received.
    struct Received: Sendable {
        let method: String
        let path: String
        let body: Data
        let device: String?
    }

    /// The hospital key pair the relay hands out for `hospitalId`.
    let hospitalKeys = HospitalKeyPair()
    /// The hospital id the relay knows.
    let hospitalId = "stroke-unit-a"
    /// While true every request is answered 503 (a relay that is down).
    var down = false
    /// A fixed answer (status, body) for every request, instead of the relay's behaviour.
    var fixedAnswer: (Int, String)?
    /// Every request, in order.
    private(set) var received: [Received] = []

    /// Sets `down`.
    func setDown(_ value: Bool) { down = value }
    /// Sets `fixedAnswer`.
    func setFixedAnswer(_ value: (Int, String)?) { fixedAnswer = value }

    /// The `POST /v1/cases` bodies received.
    func cases() -> [CaseCreateRequest] {
        received.filter { $0.method == "POST" && $0.path == RelayPaths.cases }
            .compactMap { try? JSONDecoder().decode(CaseCreateRequest.self, from: $0.body) }
    }

    fileprivate func answer(method: String, path: String, body: Data, device: String?) -> (Int, String) {
        received.append(Received(method: method, path: path, body: body, device: device))
        if let fixedAnswer { return fixedAnswer }
        if down { return (503, #"{"error":{"code":"relay.down"}}"#) }
        switch (method, path) {
        case ("GET", RelayPaths.hospital(hospitalId)):
            return (200, #"{"publicKey":"\#(hospitalKeys.publicKey.description)"}"#)
        case ("GET", _) where path.hasPrefix("/v1/hospitals/"):
            return (404, #"{"error":{"code":"hospital.unknown"}}"#)
        case ("POST", RelayPaths.cases):
            return (201, #"{"accepted":true}"#)
        case ("POST", _) where path.hasSuffix("/eta") || path.hasSuffix("/status"):
            return (200, "{}")
        default:
            return (404, #"{"error":{"code":"route.unknown"}}"#)
        }
    }

    /// Runs `body` with the relay's base URL (`http://localhost:PORT`) while it serves.
    func serve(_ body: @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        let relay = self
        let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            let device = request.headers[HTTPField.Name(RequestSignature.deviceHeader)!]
            let (status, text) = await relay.answer(method: request.method.rawValue, path: request.uri.path,
                                                    body: Data(buffer.readableBytesView), device: device)
            return Response(status: .init(code: status), headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        for path: RouterPath in ["/v1/hospitals/:id", "/v1/head"] { router.get(path, use: handler) }
        for path: RouterPath in ["/v1/cases", "/v1/cases/:id/eta", "/v1/cases/:id/status", "/v1/push"] {
            router.post(path, use: handler)
        }
        var logger = Logger(label: "fake-relay")
        logger.logLevel = .warning
        let app = Application(router: router, logger: logger)
        try await app.test(.live) { client in
            try await body("http://localhost:\(client.port!)")
        }
    }
}
