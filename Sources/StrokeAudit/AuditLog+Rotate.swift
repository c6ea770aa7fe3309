import AuditFormat
import Crypto
import Foundation
import GRDB
import StrokeJSON

extension AuditLog {
    /// Rotates the keys: a new master key and signing key are written to the
    /// key file (old master kept), every live data key is re-wrapped under the
    /// new master and the rotation is logged in one transaction, a checkpoint
    /// is signed with the new key (as is the new head, at the
    /// next key epoch), and only then is the old master dropped.
    /// A crash at any step leaves a key file that still opens every record.
    /// - Returns: the new public key (base64).
    public static func rotateKeys(_ location: Location, context: Context) throws -> String {
        let old = try open(location, context: context)
        defer { old.close() }
        let rotated = try old.keyring.rotated(nowMs: location.clock.nowMs)
        old.close()
        try AuditKeyFile.write(rotated, to: location.keyFile, passphrase: location.passphrase, replace: true)
        return try withLog(location, context: context) { log in
            let current = log.keyring.currentMaster
            _ = try log.write(afterCommit: { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }) { db in
                var updates: [(String, Data)] = []
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT id, master_key_id, wrapped FROM data_keys WHERE wrapped IS NOT NULL AND master_key_id != ?
                    """, arguments: [current.id])
                while let row = try rows.next() {
                    let id: String = row["id"]
                    guard let key = log.unwrap(id: id, masterID: row["master_key_id"], wrapped: row["wrapped"]) else { continue }
                    let wrapped = try AES.GCM.seal(key.withUnsafeBytes { Data($0) }, using: current.key,
                                                   authenticating: AuditLayout.wrapAssociatedData(keyID: id)).combined!
                    updates.append((id, wrapped))
                }
                for (id, wrapped) in updates {
                    try db.execute(sql: "UPDATE data_keys SET master_key_id = ?, wrapped = ? WHERE id = ?",
                                   arguments: [current.id, wrapped, id])
                }
                let event = JSONValue.object([
                    ("masterKey", .string(current.id)), ("rewrapped", .integer(updates.count)),
                    ("publicKey", .string(log.publicKeyBase64)), ("keyEpoch", .integer(Int(log.keyring.epoch))),
                ])
                _ = try log.insert(db, .keyRotated, payload: Data(event.serializedBytes()), assessment: nil)
                _ = try log.insertCheckpoint(db)
            }
            try AuditKeyFile.write(log.keyring.droppingOldMasters(), to: location.keyFile, passphrase: location.passphrase, replace: true)
            return log.publicKeyBase64
        }
    }
}
