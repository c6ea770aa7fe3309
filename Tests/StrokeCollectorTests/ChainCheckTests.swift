import AuditFormat
import Foundation
import StrokeAudit
import StrokeCollector
import Testing

/// The pure chain decision, without a database.
@Suite("collector chain check")
struct ChainCheckTests {
    let log = SimulatedDevice.log(count: 4)
    var genesis: PushHead { PushHead(sequence: 0, hash: AuditLayout.genesisHash) }

    func request(_ records: ArraySlice<AuditRecord>, head: AuditRecord? = nil) -> PushRequest {
        let head = head ?? records.last
        return PushRequest(records: Array(records), head: head.map { PushHead(sequence: $0.sequence, hash: $0.hash) } ?? genesis)
    }

    @Test("a first batch from sequence 1 is accepted whole")
    func firstBatch() throws {
        let outcome = try ChainCheck.evaluate(request(log[0..<4]), storedHead: genesis, storedHashes: [:])
        #expect(outcome.newRecords.count == 4)
        #expect(outcome.head == PushHead(sequence: 4, hash: log[3].hash))
    }

    @Test("only the stored sequences of a batch are compared")
    func comparedSequences() {
        #expect(ChainCheck.sequencesToCompare(request(log[1..<4]), storedHead: 2) == [2])
        #expect(ChainCheck.sequencesToCompare(request(log[2..<4]), storedHead: 2).isEmpty)
    }

    @Test("gap, fork, rollback and a broken batch are told apart")
    func refusals() {
        let stored = PushHead(sequence: 2, hash: log[1].hash)
        #expect(throws: PushRefusal.gap) { try ChainCheck.evaluate(request(log[3..<4]), storedHead: stored, storedHashes: [:]) }
        #expect(throws: PushRefusal.rollback) {
            try ChainCheck.evaluate(request(log[0..<1]), storedHead: stored, storedHashes: [1: log[0].hash])
        }
        #expect(throws: PushRefusal.fork) {
            try ChainCheck.evaluate(request(log[1..<3]), storedHead: stored, storedHashes: [2: Data(repeating: 9, count: 32)])
        }
        let broken = PushRequest(records: [log[0], log[2]], head: PushHead(sequence: 3, hash: log[2].hash))
        #expect(throws: PushRefusal.chainInvalid) { try ChainCheck.evaluate(broken, storedHead: genesis, storedHashes: [:]) }
        let headBeforeBatch = PushRequest(records: Array(log[0..<2]), head: PushHead(sequence: 1, hash: log[0].hash))
        #expect(throws: PushRefusal.chainInvalid) { try ChainCheck.evaluate(headBeforeBatch, storedHead: genesis, storedHashes: [:]) }
    }
}

/// The pure signed-head decision on pushed bodies as the collector decodes them, without a database.
@Suite("collector signed-head check")
struct SignedHeadCheckTests {
    let device = SimulatedDevice(name: "AMB-1")
    let log = SimulatedDevice.log(count: 2)
    var keys: [Data] { [device.key.publicKey.rawRepresentation] }
    let fresh = SignedHeadCheck.Stored(logId: nil, erasedKeys: 0, keyEpoch: 0)

    /// The decoded push body with `replace` applied to its text first.
    func decoded(_ replace: (String) -> String = { $0 }) throws -> PushRequest {
        let text = String(decoding: device.body(log, head: log.last), as: UTF8.self)
        return try JSONDecoder().decode(PushRequest.self, from: Data(replace(text).utf8))
    }

    @Test("a good head binds its log id (lower-case hex, as audit head --json prints it)")
    func accepted() throws {
        let after = try SignedHeadCheck.evaluate(try decoded(), stored: fresh, acceptableKeys: keys)
        #expect(after.logId == device.logID.map { String(format: "%02x", $0) }.joined())
    }

    @Test("a log id or chain hash that is not lower-case hex is head.invalid, as before the one head type")
    func notHexIsInvalid() throws {
        let logId = device.logID.map { String(format: "%02x", $0) }.joined()
        for replacement in ["XYZ", logId.uppercased(), String(logId.dropLast(2))] {
            let request = try decoded { $0.replacingOccurrences(of: "\"logId\":\"\(logId)\"", with: "\"logId\":\"\(replacement)\"") }
            #expect(throws: PushRefusal.headInvalid) { try SignedHeadCheck.evaluate(request, stored: fresh, acceptableKeys: keys) }
        }
        let chainHash = log[1].hash.map { String(format: "%02x", $0) }.joined()
        let request = try decoded { $0.replacingOccurrences(of: "\"chainHash\":\"\(chainHash)\"", with: "\"chainHash\":\"zz\"") }
        #expect(throws: PushRefusal.headInvalid) { try SignedHeadCheck.evaluate(request, stored: fresh, acceptableKeys: keys) }
    }
}
