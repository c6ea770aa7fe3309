import AuditFormat
import Foundation
import StrokeAudit
import StrokeCollector
import Testing

/// Text PostgreSQL cannot store in a pushed record (issue 29, item 9): a NUL in `type` or `dataKeyId` of an
/// otherwise valid, signed push is refused with 400 and an incident, instead of a 503 the device retries forever.
@Suite("push text fields")
struct PushTextTests {
    /// Record 1 of a log with `type` and `dataKeyId` as given and a correct chain hash.
    static func record(type: String, dataKeyId: String) -> AuditRecord {
        let ciphertext = Data(repeating: 7, count: 44)
        let timestamp: Int64 = 1_790_000_001_000
        let hash = AuditLayout.recordHash(sequence: 1, timestamp: timestamp, type: type, ciphertext: ciphertext,
                                          previousHash: AuditLayout.genesisHash)
        return AuditRecord(sequence: 1, timestampMs: timestamp, type: type, dataKeyId: dataKeyId, ciphertext: ciphertext,
                          previousHash: AuditLayout.genesisHash, hash: hash)
    }

    @Test("a NUL in a record's type or dataKeyId answers 400 request.malformed with an incident, never 503")
    func nulRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-9")
            try await harness.add(device)
            for (type, keyId) in [("assessment\u{0}.result", "dk-1"), ("assessment.result", "dk\u{0}1"), ("\u{0}", "\u{0}")] {
                let answer = try await harness.push([Self.record(type: type, dataKeyId: keyId)], from: device)
                #expect(answer.status == 400)
                #expect(answer.code == "request.malformed")
            }
            #expect(try await harness.incidentReasons("AMB-9") == ["request.malformed", "request.malformed", "request.malformed"])
            // Nothing was stored: the device's log starts at record 1 as before.
            #expect(try await harness.push(SimulatedDevice.log(count: 1), from: device).status == 200)
        }
    }
}
