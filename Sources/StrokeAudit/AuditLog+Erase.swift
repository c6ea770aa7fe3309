import Foundation
import GRDB
import JSONWriting

extension AuditLog {
    /// Destroys the wrapped data key of one assessment (crypto-shredding):
    /// its payloads become unreadable, the chain still verifies, and the
    /// erasure is logged in the same transaction. Returns the keys destroyed.
    @discardableResult
    public func erase(assessment id: String) throws -> Int {
        try erase(payload: "{\"assessment\":\(JSONText.quote(id))}") { db, now in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM data_keys WHERE id = ? AND kind = 'assessment'", arguments: [id]) != nil else {
                throw AuditError.unknownAssessment(id)
            }
            try db.execute(sql: "UPDATE data_keys SET wrapped = NULL, erased_ms = ? WHERE id = ? AND wrapped IS NOT NULL",
                           arguments: [now, id])
            return db.changesCount
        }
    }

    /// Destroys every data key created before `ms` (assessment and session keys alike).
    @discardableResult
    public func erase(beforeMs ms: Int64) throws -> Int {
        try erase(payload: "{\"before\":\"\(UTCTime.iso(ms))\"}") { db, now in
            try db.execute(sql: "UPDATE data_keys SET wrapped = NULL, erased_ms = ? WHERE created_ms < ? AND wrapped IS NOT NULL AND id != ?",
                           arguments: [now, ms, sessionKeyID])
            return db.changesCount
        }
    }

    private func erase(payload: String, _ destroy: (Database, Int64) throws -> Int) throws -> Int {
        let count = try run {
            try queue.writeWithoutTransaction { db -> Int in
                var count = 0
                try db.inTransaction(.immediate) {
                    count = try destroy(db, Clock.nowMs())
                    let event = String(payload.dropLast()) + ",\"keysDestroyed\":\(count)}"
                    _ = try insert(db, .erased, payload: Data(event.utf8), assessment: nil)
                    return .commit
                }
                // Move the pages out of the WAL, so no old copy of a wrapped key stays in it.
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                return count
            }
        }
        return count
    }
}
