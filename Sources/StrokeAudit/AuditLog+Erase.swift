import AuditFormat
import Foundation
import GRDB
import StrokeJSON

extension AuditLog {
    /// Destroys the wrapped data key of one assessment (crypto-shredding):
    /// its payloads become unreadable, the chain still verifies, and the
    /// erasure is logged in the same transaction. Returns the keys destroyed.
    @discardableResult
    public func erase(assessment id: String) throws -> Int {
        try erase(payload: [("assessment", .string(id))]) { db, now in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM data_keys WHERE id = ? AND kind = 'assessment'", arguments: [id]) != nil else {
                throw AuditError.unknownAssessment(id)
            }
            return try String.fetchAll(db, sql: "SELECT id FROM data_keys WHERE id = ? AND wrapped IS NOT NULL", arguments: [id])
        }
    }

    /// Destroys every data key created before `ms` (assessment and session keys alike).
    @discardableResult
    public func erase(beforeMs ms: Int64) throws -> Int {
        try erase(payload: [("before", .string(UTCTime.iso(ms)))]) { db, now in
            try String.fetchAll(db, sql: """
                SELECT id FROM data_keys WHERE created_ms < ? AND wrapped IS NOT NULL AND id != ? AND kind != 'log' ORDER BY id
                """, arguments: [ms, sessionKeyID])
        }
    }

    /// Destroys the keys `select` names and logs an `audit.erased` event naming
    /// each of them (sealed under the log's own key, so no later erasure hides
    /// it), in one transaction; `verify` checks every destroyed key against these events.
    private func erase(payload: [(String, JSONValue)], _ select: (Database, Int64) throws -> [String]) throws -> Int {
        try write(recountErased: true, afterCommit: { db in
            // Move the pages out of the WAL, so no old copy of a wrapped key stays in it.
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }) { db in
            let now = clock.nowMs
            let ids = try select(db, now)
            let update = try db.cachedStatement(sql: "UPDATE data_keys SET wrapped = NULL, erased_ms = ? WHERE id = ?")
            for id in ids { try update.execute(arguments: [now, id]) }
            let event = JSONValue.object(payload + [("keysDestroyed", .integer(ids.count)), ("keys", .strings(ids))])
            _ = try insert(db, .erased, payload: Data(event.serializedBytes()), assessment: nil, logKey: true)
            return ids.count
        }.0
    }
}
