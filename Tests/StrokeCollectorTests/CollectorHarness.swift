import AuditFormat
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresServerKit
@testable import StrokeAudit
import StrokeCollector

/// A simulated device: its own Ed25519 key and a hash-chained log built
/// with `AuditLayout.recordHash`, exactly as the paramedic CLI stores it.
struct SimulatedDevice: Sendable {
    let name: String
    let key: Curve25519.Signing.PrivateKey
    /// The log's 16-byte identity (its heads are signed for it).
    let logID: Data
    /// The public key as `stroke-triage audit public-key` prints it.
    var publicKey: String { key.publicKey.rawRepresentation.base64EncodedString() }

    init(name: String) {
        self.name = name
        self.key = Curve25519.Signing.PrivateKey()
        self.logID = Data(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }

    /// Records 1…count of a log; `variant` changes the ciphertext (a different log from the same start).
    static func log(count: Int, variant: UInt8 = 0, from start: [AuditRecord] = []) -> [AuditRecord] {
        var records = start
        var previous = records.last?.hash ?? AuditLayout.genesisHash
        while records.count < count {
            let sequence = Int64(records.count + 1)
            let ciphertext = Data((0..<44).map { UInt8(truncatingIfNeeded: Int(sequence) &* 31 &+ $0) ^ variant })
            let timestamp = 1_790_000_000_000 + sequence * 1000
            let hash = AuditLayout.recordHash(sequence: sequence, timestamp: timestamp, type: "assessment.result",
                                              ciphertext: ciphertext, previousHash: previous)
            records.append(AuditRecord(sequence: sequence, timestampMs: timestamp, type: "assessment.result",
                                      dataKeyId: "dk-\(sequence)", ciphertext: ciphertext, previousHash: previous, hash: hash))
            previous = hash
        }
        return records
    }

    /// The body of a push of `records` (a slice of the log) with the device's head at `head`, signed
    /// with `AuditHead`'s signing function (erasure count and key epoch as given); `signed: false` omits it.
    func body(_ records: some Collection<AuditRecord>, head: AuditRecord?, erasedKeys: Int64 = 0, keyEpoch: Int64 = 1,
              wrappedKeys: [WrappedDataKey]? = nil, erasedKeyIds: [String]? = nil, signed: Bool = true,
              logID: Data? = nil, headKey: Curve25519.Signing.PrivateKey? = nil) -> Data {
        let head = head.map { PushHead(sequence: $0.sequence, hash: $0.hash) } ?? PushHead(sequence: 0, hash: AuditLayout.genesisHash)
        let signedHead = signed ? signHead(head, erasedKeys: erasedKeys, keyEpoch: keyEpoch, logID: logID, key: headKey) : nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try! encoder.encode(PushRequest(records: Array(records), head: head, signedHead: signedHead,
                                               wrappedKeys: wrappedKeys, erasedKeyIds: erasedKeyIds))
    }

    /// `head` signed as the audit log signs its heads (this device's log id and key unless given).
    func signHead(_ head: PushHead, erasedKeys: Int64 = 0, keyEpoch: Int64 = 1, logID: Data? = nil,
                  key: Curve25519.Signing.PrivateKey? = nil, timeMs: Int64 = 1_790_000_000_000) -> AuditHead {
        try! AuditHead.sign(logID: logID ?? self.logID, sequence: head.sequence, chainHash: head.hash,
                            erasedKeys: erasedKeys, keyEpoch: keyEpoch, timeMs: timeMs, with: key ?? self.key)
    }

    /// Signed headers for `body`, signed now (or at `timestampMs`) with this device's key (or `signingKey`).
    func headers(for body: Data, timestampMs: Int64? = nil, nonce: String = RequestSignature.makeNonce(),
                 signingKey: Curve25519.Signing.PrivateKey? = nil) -> HTTPFields {
        let timestamp = timestampMs ?? Int64(Date().timeIntervalSince1970 * 1000)
        let pairs = try! RequestSignature.sign(method: "POST", path: CollectorRoutes.pushPath, body: body, device: name,
                                               timestampMs: timestamp, nonce: nonce, key: signingKey ?? key)
        var fields = HTTPFields()
        for (name, value) in pairs { fields[HTTPField.Name(name)!] = value }
        fields[.contentType] = "application/json"
        return fields
    }
}

/// One test's collector: a fresh database in the shared cluster, the store, the metrics and an in-process client.
struct CollectorHarness: Sendable {
    /// The test's database (for the server binary).
    let url: DatabaseURL
    let store: CollectorStore
    let metrics: CollectorMetrics
    let client: any TestClientProtocol

    /// The limits the tests use (a 1 MiB body, 100 records per push).
    static func configuration(_ url: DatabaseURL) -> CollectorConfiguration {
        var configuration = CollectorConfiguration(database: url)
        configuration.maxBodyBytes = 1 << 20
        configuration.maxBatchRecords = 100
        return configuration
    }

    /// Runs `body` against a collector on a new, migrated database; the pool stops when it returns.
    static func run(_ body: @Sendable (CollectorHarness) async throws -> Void) async throws {
        let url = try PostgresCluster.shared.get().createDatabase()
        let logger = { var logger = Logger(label: "collector-test"); logger.logLevel = .warning; return logger }()
        try await CollectorStore.with(database: url, logger: logger) { store in
            try await store.migrate()
            let metrics = CollectorMetrics()
            let routes = CollectorRoutes(configuration: configuration(url), store: store, metrics: metrics, logger: logger)
            let app = Application(router: routes.makeRouter(), logger: logger)
            try await app.test(.router) { client in
                try await body(CollectorHarness(url: url, store: store, metrics: metrics, client: client))
            }
        }
    }

    /// Registers `device`.
    func add(_ device: SimulatedDevice) async throws {
        _ = try await store.addDevice(name: device.name, publicKey: device.publicKey)
    }

    /// Pushes `body` with `headers`; returns the status and the decoded answer's code (refusal) or acknowledgement.
    func push(_ body: Data, headers: HTTPFields) async throws -> PushAnswer {
        try await client.execute(uri: CollectorRoutes.pushPath, method: .post, headers: headers,
                                 body: ByteBuffer(bytes: body)) { response in
            let data = Data(response.body.readableBytesView)
            return PushAnswer(status: Int(response.status.code),
                              ack: try? JSONDecoder().decode(PushAcknowledgement.self, from: data),
                              code: (try? JSONDecoder().decode(RefusalBody.self, from: data))?.error.code)
        }
    }

    /// Signs and pushes `records` with the head at the last record (or at `head`).
    func push(_ records: some Collection<AuditRecord>, from device: SimulatedDevice, head: AuditRecord? = nil) async throws -> PushAnswer {
        let body = device.body(records, head: head ?? records.reversed().first)
        return try await push(body, headers: device.headers(for: body))
    }

    /// The reasons of the incidents listed for `name`, oldest first.
    func incidentReasons(_ name: String) async throws -> [String] {
        try await store.incidents(deviceName: name).map(\.reason)
    }
}

/// What the collector answered to one push.
struct PushAnswer: Sendable {
    let status: Int
    let ack: PushAcknowledgement?
    let code: String?
}
