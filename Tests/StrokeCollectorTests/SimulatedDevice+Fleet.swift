import AuditFormat
import Crypto
import Foundation
import StrokeAudit

/// A device log whose payloads are really sealed (AES-GCM under per-assessment
/// data keys, with the audit log's associated data) and whose data keys are
/// wrapped to an organisation key with the contract's `WrappedDataKey.seal`.
struct SealedLog: Sendable {
    let records: [AuditRecord]
    /// The data keys by id.
    let keys: [String: SymmetricKey]
    /// The plaintext of each record, by sequence.
    let payloads: [Int64: String]

    /// `count` records from `startMs`, one second apart; record i uses data key `a-<i % keyCount>`.
    static func make(count: Int, keyCount: Int = 2, startMs: Int64 = 1_790_000_000_000) -> SealedLog {
        var keys: [String: SymmetricKey] = [:]
        for index in 0..<keyCount { keys["a-\(index)"] = SymmetricKey(size: .bits256) }
        var records: [AuditRecord] = []
        var payloads: [Int64: String] = [:]
        var previous = AuditLayout.genesisHash
        for index in 0..<count {
            let sequence = Int64(index + 1)
            let keyID = "a-\(index % keyCount)"
            let timestamp = startMs + Int64(index) * 1000
            let payload = "{\"operator\":\"medic-1\",\"data\":{\"ich\":0.1\(index)}}"
            let aad = AuditLayout.associatedData(sequence: sequence, timestamp: timestamp, type: "assessment.result", previousHash: previous)
            let sealed = try! AES.GCM.seal(Data(payload.utf8), using: keys[keyID]!, authenticating: aad).combined!
            let hash = AuditLayout.recordHash(sequence: sequence, timestamp: timestamp, type: "assessment.result",
                                              ciphertext: sealed, previousHash: previous)
            records.append(AuditRecord(sequence: sequence, timestampMs: timestamp, type: "assessment.result", dataKeyId: keyID,
                                      ciphertext: sealed, previousHash: previous, hash: hash))
            payloads[sequence] = payload
            previous = hash
        }
        return SealedLog(records: records, keys: keys, payloads: payloads)
    }

    /// Every data key wrapped to `organisation` (HPKE base mode, the contract's suite and info, the id as associated data).
    func wrapped(to organisation: Curve25519.KeyAgreement.PublicKey, only ids: [String]? = nil) -> [WrappedDataKey] {
        (ids ?? keys.keys.sorted()).map { id in
            try! WrappedDataKey.seal(rawKey: keys[id]!.withUnsafeBytes { Data($0) }, dataKeyId: id, to: organisation)
        }
    }
}
