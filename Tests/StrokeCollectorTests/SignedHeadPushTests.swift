import AuditFormat
import Crypto
import Foundation
import Logging
import PostgresNIO
import StrokeAudit
import StrokeCollector
import Testing

/// Signed heads and wrapped keys through the HTTP routes into a real PostgreSQL cluster.
@Suite("collector signed heads and wrapped keys")
struct SignedHeadPushTests {
    @Test("a push without a signed head is refused with 400 head.unsigned")
    func unsignedRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 2)
            let body = device.body(log, head: log.last, signed: false)
            let answer = try await harness.push(body, headers: device.headers(for: body))
            #expect(answer.status == 400)
            #expect(answer.code == "head.unsigned")
            #expect(try await harness.incidentReasons("AMB-12") == ["head.unsigned"])
            #expect(try await harness.store.listDevices().first?.headSequence == 0)
        }
    }

    @Test("a head signed by another key, or for another head, is refused with 422 head.invalid")
    func badSignatureRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 3)
            let otherKey = Curve25519.Signing.PrivateKey()
            let forged = device.body(log, head: log.last, headKey: otherKey)
            let answer = try await harness.push(forged, headers: device.headers(for: forged))
            #expect(answer.status == 422)
            #expect(answer.code == "head.invalid")
            // A valid signature over an earlier head than the push's.
            var request = try JSONDecoder().decode(PushRequest.self, from: device.body(log, head: log.last))
            request = PushRequest(records: request.records, head: request.head,
                                  signedHead: device.signHead(PushHead(sequence: 2, hash: log[1].hash)))
            let stale = try JSONEncoder().encode(request)
            #expect(try await harness.push(stale, headers: device.headers(for: stale)).code == "head.invalid")
            // A flipped signature byte.
            let good = device.signHead(PushHead(sequence: 3, hash: log[2].hash))
            var signature = good.signature
            signature[0] ^= 1
            let flipped = try JSONEncoder().encode(PushRequest(records: log, head: PushHead(sequence: 3, hash: log[2].hash),
                signedHead: AuditHead(logID: good.logID, sequence: 3, chainHash: good.chainHash, erasedKeys: 0, keyEpoch: 1,
                                      timeMs: good.timeMs, publicKey: good.publicKey, signature: signature)))
            #expect(try await harness.push(flipped, headers: device.headers(for: flipped)).code == "head.invalid")
            #expect(try await harness.incidentReasons("AMB-12") == ["head.invalid", "head.invalid", "head.invalid"])
            #expect(try await harness.store.listDevices().first?.headSequence == 0)
        }
    }

    @Test("the log id is bound at the first signed push; another log id is refused with 409 log.foreign")
    func foreignLogRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 4)
            #expect(try await harness.push(log[0..<2], from: device).status == 200)
            let otherLog = Data(repeating: 7, count: 16)
            let body = device.body(log[2..<4], head: log[3], logID: otherLog)
            let answer = try await harness.push(body, headers: device.headers(for: body))
            #expect(answer.status == 409)
            #expect(answer.code == "log.foreign")
            let incident = try #require(try await harness.store.incidents(deviceName: "AMB-12").first)
            #expect(incident.reason == "log.foreign")
            #expect(incident.detail.contains("pushed log 07070707"))
            #expect(try await harness.store.listDevices().first?.headSequence == 2)
            #expect(try await Self.count(harness, "SELECT count(*) FROM signed_heads") == 1)
            #expect(try await harness.push(log[2..<4], from: device).status == 200)
        }
    }

    @Test("fewer erased keys or an older key epoch than accepted before is refused with 409 chain.rollback")
    func erasureRollbackRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 4)
            let first = device.body(log[0..<2], head: log[1], erasedKeys: 2, keyEpoch: 2)
            #expect(try await harness.push(first, headers: device.headers(for: first)).status == 200)
            let fewer = device.body(log[2..<4], head: log[3], erasedKeys: 1, keyEpoch: 2)
            let answer = try await harness.push(fewer, headers: device.headers(for: fewer))
            #expect(answer.status == 409)
            #expect(answer.code == "chain.rollback")
            let older = device.body(log[2..<4], head: log[3], erasedKeys: 2, keyEpoch: 1)
            #expect(try await harness.push(older, headers: device.headers(for: older)).code == "chain.rollback")
            #expect(try await harness.incidentReasons("AMB-12") == ["chain.rollback", "chain.rollback"])
            let good = device.body(log[2..<4], head: log[3], erasedKeys: 3, keyEpoch: 2)
            #expect(try await harness.push(good, headers: device.headers(for: good)).status == 200)
            #expect(try await Self.count(harness, "SELECT count(*) FROM signed_heads") == 2)
        }
    }

    @Test("wrapped keys are stored, deleted on erasure in the same push, and never accepted again; unknown ids are refused")
    func wrappedKeysAndErasure() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let sealed = SealedLog.make(count: 4)
            let organisation = Curve25519.KeyAgreement.PrivateKey().publicKey
            let wrapped = sealed.wrapped(to: organisation)
            let first = device.body(sealed.records[0..<4], head: sealed.records[3], wrappedKeys: wrapped)
            #expect(try await harness.push(first, headers: device.headers(for: first)).status == 200)
            #expect(try await Self.count(harness, "SELECT count(*) FROM wrapped_keys") == 2)
            // A wrapped key of a data key that no record uses.
            let stranger = SealedLog.make(count: 1, keyCount: 1)
            let unknown = WrappedDataKey(dataKeyId: "a-99", orgKeyId: stranger.wrapped(to: organisation)[0].orgKeyId,
                                         encapsulatedKey: wrapped[0].encapsulatedKey, ciphertext: wrapped[0].ciphertext)
            let refused = device.body([AuditRecord](), head: sealed.records[3], wrappedKeys: [unknown])
            let answer = try await harness.push(refused, headers: device.headers(for: refused))
            #expect(answer.status == 422)
            #expect(answer.code == "keys.unknown")
            // The device destroys a-0: its wrapped copy goes in the same transaction.
            let erase = device.body([AuditRecord](), head: sealed.records[3], erasedKeys: 1, erasedKeyIds: ["a-0"])
            #expect(try await harness.push(erase, headers: device.headers(for: erase)).status == 200)
            #expect(try await Self.count(harness, "SELECT count(*) FROM wrapped_keys WHERE data_key_id = 'a-0'") == 0)
            #expect(try await Self.count(harness, "SELECT count(*) FROM wrapped_keys WHERE data_key_id = 'a-1'") == 1)
            // Sending it again stores nothing.
            let again = device.body([AuditRecord](), head: sealed.records[3], erasedKeys: 1, wrappedKeys: wrapped)
            #expect(try await harness.push(again, headers: device.headers(for: again)).status == 200)
            #expect(try await Self.count(harness, "SELECT count(*) FROM wrapped_keys WHERE data_key_id = 'a-0'") == 0)
            #expect(try await Self.count(harness, "SELECT count(*) FROM erased_keys") == 1)
        }
    }

    /// The integer a counting query answers.
    static func count(_ harness: CollectorHarness, _ sql: String) async throws -> Int64 {
        var out: Int64 = -1
        for try await value in try await harness.store.client.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test")).decode(Int64.self) { out = value }
        return out
    }
}
