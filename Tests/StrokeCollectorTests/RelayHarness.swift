import AuditFormat
import CaseWire
import Crypto
import Foundation
import HTTPServerKit
import HTTPTransfer
import Hummingbird
import HummingbirdCore
import Logging
import PostgresNIO
import ServiceLifecycle
import StrokeBoard
import StrokeCloud
import StrokeCollector
import StrokeModels
import StrokeRelay
import TestScratch

/// One test's relay: a fresh database in the shared cluster, the relay served
/// over real HTTP on 127.0.0.1 (random port), and a client to it.
struct RelayHarness: Sendable {
    let store: RelayStore
    let metrics: RelayMetrics
    let port: Int
    let client: RelayHTTPClient

    /// The relay's base URL.
    var url: String { "http://127.0.0.1:\(port)" }

    static let logger = { var logger = Logger(label: "relay-test"); logger.logLevel = .warning; return logger }()

    /// Runs `body` against a live relay on a new, migrated database; everything stops when it returns.
    static func run(ttlMs: Int64 = 24 * 3_600_000, maxBodyBytes: Int = 64 << 10, readLimits: HTTPReadLimits = HTTPReadLimits(),
                    _ body: @Sendable (RelayHarness) async throws -> Void) async throws {
        let url = try PostgresCluster.shared.get().createDatabase()
        try await RelayStore.with(CollectorStore.self, database: url, logger: logger) { store in
            try await store.migrate()
            var configuration = RelayConfiguration(database: url)
            configuration.caseTTLMs = ttlMs
            configuration.maxBodyBytes = maxBodyBytes
            configuration.readLimits = readLimits
            let metrics = RelayMetrics()
            let routes = RelayRoutes(configuration: configuration, store: store, metrics: metrics, logger: logger)
            try await LiveServer.run(routes.makeRouter(), server: configuration.readLimits.server) { port in
                try await body(RelayHarness(store: store, metrics: metrics, port: port,
                                            client: try RelayHTTPClient(baseURL: "http://127.0.0.1:\(port)", timeoutSeconds: 120)))
            }
        }
    }

    /// Registers a hospital with a new key pair and returns the keys.
    func addHospital(_ id: String) async throws -> HospitalKeyPair {
        let keys = HospitalKeyPair()
        _ = try await store.addHospital(id: id, publicKey: keys.publicKey.description, nowMs: Self.nowMs())
        return keys
    }

    /// Registers a device in the collector's registry.
    func add(_ device: SimulatedDevice) async throws {
        _ = try await store.collector.addDevice(name: device.name, publicKey: device.publicKey)
    }

    /// A device-signed request (or one signed at `timestampMs`, with `nonce`, or unsigned).
    func device(_ device: SimulatedDevice, _ method: String, _ path: String, body: Data = Data(),
                nonce: String = RequestSignature.makeNonce(), signed: Bool = true) async throws -> TransferAnswer {
        let headers = signed ? try RequestSignature.sign(method: method, path: path, body: body, device: device.name,
                                                         timestampMs: Self.nowMs(), nonce: nonce, key: device.key) : []
        return try await client.send(method: method, path: path, body: body, headers: headers)
    }

    /// A hospital-signed request.
    func hospital(_ id: String, keys: HospitalKeyPair, _ method: String, _ path: String, body: Data = Data()) async throws -> TransferAnswer {
        let headers = try HospitalRequestSignature.sign(method: method, path: path, body: body, hospitalId: id,
                                                        timestampMs: Self.nowMs(), key: keys.signingKey)
        return try await client.send(method: method, path: path, body: body, headers: headers)
    }

    /// Seals `caseJSON` from `device` to `hospital` and sends it; returns the answer and the body sent.
    func send(_ caseJSON: Data, from device: SimulatedDevice, to hospitalId: String, keys: HospitalKeyPair,
              caseId: String = CaseIdentifiers.makeCaseId(), eta: Int? = 12, claimedDevice: String? = nil,
              signingKey: Curve25519.Signing.PrivateKey? = nil) async throws -> (answer: TransferAnswer, caseId: String, body: Data) {
        let sealed = try SealedCase.seal(caseJSON: caseJSON, caseId: caseId, hospitalId: hospitalId,
                                         device: claimedDevice ?? device.name, signingKey: signingKey ?? device.key,
                                         to: keys.publicKey, sentMs: Self.nowMs())
        let request = CaseCreateRequest(caseId: caseId, hospitalId: hospitalId, urgency: TriageUrgency(caseJSON: caseJSON) ?? .urgent,
                                        etaMinutes: eta, sealed: sealed)
        let body = try JSONEncoder().encode(request)
        return (try await self.device(device, "POST", RelayPaths.cases, body: body), caseId, body)
    }

    /// The hospital's case list as the relay serves it.
    func list(_ id: String, keys: HospitalKeyPair) async throws -> [HospitalCase] {
        let answer = try await hospital(id, keys: keys, "GET", RelayPaths.hospitalCases)
        guard answer.status == 200 else { throw HarnessError(description: "list answered \(answer.status)") }
        return try JSONDecoder().decode(HospitalCaseList.self, from: answer.body).cases
    }

    /// Every row of every table in the database as PostgreSQL's text form, one string per row.
    func allRowsAsText() async throws -> [String] {
        var tables: [String] = []
        for try await name in try await store.collector.client.query(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
            logger: Self.logger).decode(String.self) { tables.append(name) }
        var rows: [String] = []
        for table in tables {
            let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            for try await row in try await store.collector.client.query(
                PostgresQuery(unsafeSQL: "SELECT t::text FROM \(quoted) t"), logger: Self.logger).decode(String.self) {
                rows.append("\(table): \(row)")
            }
        }
        return rows
    }

    static func nowMs() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
}

/// A failed expectation inside a helper.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
}

/// The refusal code of an answer, if it is one.
func refusalCode(_ answer: TransferAnswer) -> String? {
    (try? JSONDecoder().decode(RefusalBody.self, from: answer.body))?.error.code
}

/// Runs a Hummingbird router (and services) on 127.0.0.1 at a random free port for the length of `body`.
enum LiveServer {
    static func run<T: Sendable>(_ router: Router<BasicRequestContext>, server: HTTPServerBuilder = .http1(),
                                 services: [any Service] = [],
                                 _ body: @Sendable (Int) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, server: server, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in
                                  continuation.yield(channel.localAddress?.port ?? 0)
                                  continuation.finish()
                              }, logger: RelayHarness.logger)
        // Shut down gracefully (the server last), as SIGTERM would.
        let group = ServiceGroup(configuration: .init(services: services + [app], gracefulShutdownSignals: [],
                                                      logger: RelayHarness.logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), port > 0 else {
                await group.triggerGracefulShutdown()
                throw HarnessError(description: "server did not start")
            }
            do {
                let value = try await body(port)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return value
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }
}

/// Polls `condition` (the one polling helper, every 100 ms) until it holds or `seconds` pass: whether it held.
func eventually(seconds: Double = 30, _ condition: @Sendable () async throws -> Bool) async throws -> Bool {
    do {
        try await waitUntil(timeout: .milliseconds(Int(seconds * 1000)), poll: .milliseconds(100), "the condition") { try await condition() }
        return true
    } catch is PollTimeout {
        return false
    }
}
