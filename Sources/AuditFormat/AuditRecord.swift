import Foundation

/// One audit record exactly as the device's log stores it (table `events`):
/// the sealed payload, its link to the previous record and its chain hash.
///
/// The same value is a row of the device's SQLite log, a record of a push
/// body (`PushRequest.records`), a row of the collector's `records` table and
/// a line of a fleet export's `records.jsonl`; only the JSON form differs
/// (`AuditWireForm`: binary fields base64 in a push, hashes hex in an export).
/// Nobody but the holder of the data key reads the payload.
public struct AuditRecord: Sendable, Hashable {
    /// The record's sequence number in the device's log (first record: 1).
    public let sequence: Int64
    /// The record's timestamp, ms since 1970 (UTC), as hashed.
    public let timestampMs: Int64
    /// The event type, as hashed (e.g. `assessment.result`).
    public let type: String
    /// Identifier of the data key that sealed the payload (for erasure).
    public let dataKeyId: String
    /// The sealed payload `nonce(12) ‖ ciphertext ‖ tag(16)`, exactly as stored.
    public let ciphertext: Data
    /// The hash of the previous record (32 zero bytes before the first record).
    public let previousHash: Data
    /// The record's chain hash (`AuditLayout.recordHash`).
    public let hash: Data

    /// Creates a record from its stored fields (the hash is taken as given; `hashIsValid` checks it).
    public init(sequence: Int64, timestampMs: Int64, type: String, dataKeyId: String, ciphertext: Data,
                previousHash: Data, hash: Data) {
        self.sequence = sequence
        self.timestampMs = timestampMs
        self.type = type
        self.dataKeyId = dataKeyId
        self.ciphertext = ciphertext
        self.previousHash = previousHash
        self.hash = hash
    }

    /// Creates the record that follows `previousHash`, its hash computed with `AuditLayout.recordHash`
    /// (how a simulated device chains its records exactly as the log does).
    public static func chained(sequence: Int64, timestampMs: Int64, type: String, dataKeyId: String, ciphertext: Data,
                               previousHash: Data) -> AuditRecord {
        AuditRecord(sequence: sequence, timestampMs: timestampMs, type: type, dataKeyId: dataKeyId, ciphertext: ciphertext,
                    previousHash: previousHash,
                    hash: AuditLayout.recordHash(sequence: sequence, timestamp: timestampMs, type: type,
                                                 ciphertext: ciphertext, previousHash: previousHash))
    }

    /// The chain hash recomputed from the fields (`AuditLayout.recordHash`).
    public var computedHash: Data {
        AuditLayout.recordHash(sequence: sequence, timestamp: timestampMs, type: type, ciphertext: ciphertext,
                               previousHash: previousHash)
    }

    /// True when both hashes are 32 bytes and `hash` is the recomputed one.
    public var hashIsValid: Bool { hash.count == 32 && previousHash.count == 32 && computedHash == hash }

    /// The AES-GCM associated data of the payload (`AuditLayout.associatedData`).
    public var associatedData: Data {
        AuditLayout.associatedData(sequence: sequence, timestamp: timestampMs, type: type, previousHash: previousHash)
    }
}
