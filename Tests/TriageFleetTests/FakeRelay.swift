import AuditFormat
import CaseWire
import Foundation

/// A relay (or collector) stand-in on a real loopback port (`LoopbackHTTPServer`):
/// answers the device's requests like the relay, or with one fixed answer, and keeps
/// what it was sent, so the device code's libcurl requests run over real HTTP. The
/// real relay and collector need PostgreSQL; their suites live in StrokeCollectorTests.
final class FakeRelay: @unchecked Sendable {
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
    private let lock = NSLock()
    private var down = false
    private var fixedAnswer: (Int, String)?
    private var log: [Received] = []

    /// While true every request is answered 503 (a relay that is down).
    func setDown(_ value: Bool) { lock.withLock { down = value } }
    /// A fixed answer (status, body) for every request instead of the relay's behaviour; nil for the relay's.
    func setFixedAnswer(_ value: (Int, String)?) { lock.withLock { fixedAnswer = value } }
    /// Every request, in order.
    var received: [Received] { lock.withLock { log } }

    /// The `POST /v1/cases` bodies received.
    func cases() -> [CaseCreateRequest] {
        received.filter { $0.method == "POST" && $0.path == RelayPaths.cases }
            .compactMap { try? JSONDecoder().decode(CaseCreateRequest.self, from: $0.body) }
    }

    private func answer(_ request: LoopbackHTTPServer.Request) -> (Int, String) {
        let (isDown, fixed) = lock.withLock { () -> (Bool, (Int, String)?) in
            log.append(Received(method: request.method, path: request.path, body: request.body,
                                device: request.headers[RequestSignature.deviceHeader.lowercased()]))
            return (down, fixedAnswer)
        }
        if let fixed { return fixed }
        if isDown { return (503, #"{"error":{"code":"relay.down","message":"down"}}"#) }
        switch (request.method, request.path) {
        case ("GET", RelayPaths.hospital(hospitalId)):
            return (200, #"{"hospitalId":"\#(hospitalId)","publicKey":"\#(hospitalKeys.publicKey.description)"}"#)
        case ("GET", let path) where path.hasPrefix("/v1/hospitals/"):
            return (404, #"{"error":{"code":"hospital.unknown","message":"unknown hospital"}}"#)
        case ("POST", RelayPaths.cases):
            return (201, #"{"accepted":true}"#)
        case ("POST", let path) where path.hasSuffix("/eta") || path.hasSuffix("/status"):
            return (200, "{}")
        default:
            return (404, #"{"error":{"code":"route.unknown","message":"no such route"}}"#)
        }
    }

    /// Runs `body` with the relay's base URL while it serves; stops it afterwards.
    func serve(_ body: (String) async throws -> Void) async throws {
        let server = try LoopbackHTTPServer { [self] request in answer(request) }
        defer { server.stop() }
        try await body(server.url)
    }
}
