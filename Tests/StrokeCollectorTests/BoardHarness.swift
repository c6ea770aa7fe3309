import CaseWire
import Foundation
import StrokeBoard
#if canImport(Glibc)
import Glibc
#endif

/// A hospital board for one test: the poller and the routes on 127.0.0.1 at a random port, polling `relay` every 200 ms.
struct BoardHarness: Sendable {
    let port: Int
    let client: RelayHTTPClient
    let state: BoardState

    /// Runs `body` with a board for `hospitalId` (with `keys`) against `relay`; everything stops when it returns.
    static func run(relay: RelayHarness, hospitalId: String, keys: HospitalKeyPair, language: BoardLanguage? = nil,
                    trustedDevices: [String: Data]? = nil, hospitalName: String? = nil,
                    _ body: @Sendable (BoardHarness) async throws -> Void) async throws {
        var configuration = try BoardConfiguration(hospitalId: hospitalId, relayURL: relay.url)
        configuration.hospitalName = hospitalName
        configuration.pollInterval = .milliseconds(200)
        configuration.language = language
        configuration.trustedDevices = trustedDevices
        let state = BoardState(hospitalId: hospitalId)
        let poller = BoardPoller(configuration: configuration, keys: keys, client: try RelayHTTPClient(baseURL: relay.url),
                                 state: state, logger: RelayHarness.logger)
        let routes = BoardRoutes(configuration: configuration, state: state, logger: RelayHarness.logger)
        try await LiveServer.run(routes.makeRouter(), server: BoardServer.http1, services: [poller]) { port in
            try await body(BoardHarness(port: port, client: try RelayHTTPClient(baseURL: "http://127.0.0.1:\(port)", timeoutSeconds: 120),
                                        state: state))
        }
    }

    /// `GET /cases.json`, parsed.
    func casesJSON() async throws -> [String: Any] {
        let answer = try await client.send(method: "GET", path: "/cases.json")
        guard answer.status == 200, let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any] else {
            throw HarnessError(description: "cases.json answered \(answer.status)")
        }
        return object
    }

    /// The listed cases of `/cases.json`.
    func cases() async throws -> [[String: Any]] {
        try await casesJSON()["cases"] as? [[String: Any]] ?? []
    }

    /// Waits (bounded) until `/cases.json` lists `caseId`; returns that case.
    func waitFor(_ caseId: String) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let found = try await cases().first(where: { $0["caseId"] as? String == caseId }) { return found }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HarnessError(description: "case never appeared on the board")
    }

    /// `GET /` with an optional Accept-Language.
    func page(acceptLanguage: String? = nil) async throws -> String {
        let headers = acceptLanguage.map { [("Accept-Language", $0)] } ?? []
        let answer = try await client.send(method: "GET", path: "/", headers: headers)
        return String(decoding: answer.body, as: UTF8.self)
    }
}

/// A raw HTTP/1.1 exchange over a TCP socket, for what URLSession cannot do here: a
/// forged Host header, and reading a server-sent event stream that never ends.
enum RawHTTP {
    /// Sends `request` to 127.0.0.1:`port` and reads until `until` appears in the received text,
    /// the server closes, or `seconds` pass; returns what was received. Each chunk is also appended
    /// to `progress` as it arrives (so a test can wait for a stream to open). The blocking socket
    /// calls run on a thread of their own, never on the cooperative pool (2 threads here) that the
    /// in-process relay and board need.
    static func exchange(port: Int, request: String, until: String? = nil, seconds: Int = 30,
                         progress: LockedText? = nil) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: blockingExchange(port: port, request: request, until: until, seconds: seconds,
                                                                progress: progress))
            }.start()
        }
    }

    private static func blockingExchange(port: Int, request: String, until: String?, seconds: Int, progress: LockedText?) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return "" }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { break }
            if n > 0 {
                received += buffer[0..<n]
                progress?.append(Data(buffer[0..<n]))
            }
            if let until, String(decoding: received, as: UTF8.self).contains(until) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
