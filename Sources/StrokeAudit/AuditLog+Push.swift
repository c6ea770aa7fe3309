import AuditFormat
import Crypto
import Foundation
import GRDB

/// What a push to a fleet collector sends, read from the log in one read
/// transaction: records exactly as stored, the signed head at or after them,
/// and the ids of the destroyed data keys.
public struct AuditPushBatch: Sendable {
    /// Consecutive records after the requested sequence (ascending; possibly empty).
    public let records: [AuditRecord]
    /// The log's current signed head (sent as the push's `signedHead`).
    public let head: AuditHead
    /// Every destroyed (crypto-shredded) data key id, sorted.
    public let erasedKeyIds: [String]
    /// Records after the batch's last one (still to push after this batch).
    public let remaining: Int64

    /// The head in the collector's form.
    public var pushHead: PushHead { PushHead(sequence: head.sequence, hash: head.chainHash) }
}

extension AuditLog {
    /// Reads the records after `sequence` (at most `limit`), the signed head and
    /// the destroyed key ids, in one read transaction (a concurrent write is
    /// either entirely in it or not at all).
    /// - Throws: `AuditError` (`headMissing` when the log has no signed head yet).
    public func pushBatch(after sequence: Int64, limit: Int) throws -> AuditPushBatch {
        precondition(limit > 0)
        return try run {
            try queue.read { db in
                guard let head = try Self.storedHead(db) else { throw AuditError.headMissing(path) }
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT \(AuditRecord.eventColumns) FROM events
                    WHERE sequence > ? AND sequence <= ? ORDER BY sequence LIMIT ?
                    """, arguments: [sequence, head.sequence, limit])
                var records: [AuditRecord] = []
                while let row = try rows.next() { records.append(AuditRecord(row: row)) }
                let erased = try String.fetchAll(db, sql: "SELECT id FROM data_keys WHERE wrapped IS NULL ORDER BY id")
                let last = records.last?.sequence ?? max(sequence, 0)
                return AuditPushBatch(records: records, head: head, erasedKeyIds: erased,
                                      remaining: max(0, head.sequence - max(last, sequence)))
            }
        }
    }

    /// Wraps each still-existing data key among `ids` to the organisation's
    /// X25519 key with HPKE (`WrappedDataKey`). The raw data key is unwrapped
    /// under the master key only for this and never leaves the function;
    /// destroyed (erased) keys are skipped, so an erasure stays final.
    /// - Returns: the wrapped keys, sorted by id.
    /// - Throws: `AuditError.wrongKey` when a stored key does not open under the key file.
    public func wrapDataKeys(_ ids: [String], to orgKey: Curve25519.KeyAgreement.PublicKey) throws -> [WrappedDataKey] {
        let unique = Array(Set(ids)).sorted()
        guard !unique.isEmpty else { return [] }
        let stored: [(String, String, Data)] = try run {
            try queue.read { db in
                var out: [(String, String, Data)] = []
                let select = try db.cachedStatement(sql: "SELECT master_key_id, wrapped FROM data_keys WHERE id = ?")
                for id in unique {
                    guard let row = try Row.fetchOne(select, arguments: [id]), let wrapped: Data = row[1] else { continue }
                    out.append((id, row[0], wrapped))
                }
                return out
            }
        }
        return try stored.map { id, masterID, wrapped in
            guard let key = unwrap(id: id, masterID: masterID, wrapped: wrapped) else { throw AuditError.wrongKey }
            return try key.withUnsafeBytes { raw in
                try WrappedDataKey.seal(rawKey: Data(raw), dataKeyId: id, to: orgKey)
            }
        }
    }

    /// The endorsements of the current signing key by the earlier ones
    /// (`KeyEndorsement`), oldest first; empty when the key was never rotated.
    public var keyEndorsements: [KeyEndorsement] { keyring.endorsements }

    /// Signs a collector request with the log's current signing key and returns its headers (sorted by name).
    public func signCollectorRequest(method: String, path: String, body: Data, device: String) throws -> [(String, String)] {
        try RequestSignature.sign(method: method, path: path, body: body, device: device,
                                  timestampMs: clock.nowMs, nonce: RequestSignature.makeNonce(), key: keyring.signingKey)
    }
}

extension AuditRecord {
    /// The `events` columns a record is read from, in `init(row:)`'s order.
    static let eventColumns = "sequence, timestamp_ms, type, data_key_id, ciphertext, prev_hash, hash"

    /// A record from a row of `SELECT \(eventColumns) FROM events`.
    init(row: Row) {
        self.init(sequence: row[0], timestampMs: row[1], type: row[2], dataKeyId: row[3], ciphertext: row[4],
                  previousHash: row[5], hash: row[6])
    }
}
