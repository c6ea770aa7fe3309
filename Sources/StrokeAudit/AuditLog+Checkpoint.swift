import AuditFormat
import Foundation
import GRDB

extension AuditLog {
    /// Signs the current chain head and stores the checkpoint.
    @discardableResult
    public func checkpoint() throws -> AuditCheckpoint { try checkpointWithHead().0 }

    /// Signs a checkpoint and returns it with the signed head of the same transaction.
    func checkpointWithHead() throws -> (AuditCheckpoint, AuditHead) {
        try write { db in try insertCheckpoint(db) }
    }

    /// Signs and inserts a checkpoint inside an open write transaction.
    func insertCheckpoint(_ db: Database) throws -> AuditCheckpoint {
        let head = try Row.fetchOne(db, sql: "SELECT sequence, hash FROM events ORDER BY sequence DESC LIMIT 1")
        let sequence: Int64 = head?["sequence"] ?? 0
        let hash: Data = head?["hash"] ?? AuditLayout.genesisHash
        let created = clock.nowMs
        let message = AuditLayout.checkpointMessage(sequence: sequence, headHash: hash, createdMs: created)
        let signature = try keyring.signingKey.signature(for: message)
        let checkpoint = AuditCheckpoint(sequence: sequence, headHash: hash, createdMs: created,
                                         publicKey: keyring.publicKey, signature: signature)
        try db.execute(sql: """
            INSERT INTO checkpoints (sequence, head_hash, created_ms, public_key, signature) VALUES (?, ?, ?, ?, ?)
            """, arguments: [sequence, hash, created, checkpoint.publicKey, signature])
        return checkpoint
    }

    /// The most recent checkpoint, if any.
    public func latestCheckpoint() throws -> AuditCheckpoint? {
        try run {
            try queue.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM checkpoints ORDER BY id DESC LIMIT 1").map(Self.checkpoint)
            }
        }
    }

    static func checkpoint(_ row: Row) -> AuditCheckpoint {
        AuditCheckpoint(sequence: row["sequence"], headHash: row["head_hash"], createdMs: row["created_ms"],
                        publicKey: row["public_key"], signature: row["signature"])
    }
}
