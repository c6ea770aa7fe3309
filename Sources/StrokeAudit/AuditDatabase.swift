import Foundation
import GRDB

/// Opens the audit database: one SQLite file in WAL mode with
/// `synchronous = FULL`, `secure_delete = ON`, a busy timeout, and the
/// versioned schema migrations. The only file that configures SQLite.
enum AuditDatabase {
    /// Opens (creating if needed) the database at `url`.
    static func open(_ url: URL, busyTimeout: TimeInterval) throws -> DatabaseQueue {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw AuditError.databaseUnavailable(url.deletingLastPathComponent().path)
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "stroke-triage.audit"
        configuration.prepareDatabase { db in
            // Journal mode is persistent in the file; asking again is a cheap read.
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            if mode?.lowercased() != "wal" { throw AuditError.databaseUnavailable("journal_mode \(mode ?? "?")") }
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: url.path, configuration: configuration)
            // GRDB may reset `synchronous` after opening: set it once more and check it stuck.
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
                guard try Int.fetchOne(db, sql: "PRAGMA synchronous") == 2 else {
                    throw AuditError.databaseUnavailable("synchronous is not FULL")
                }
            }
            try migrateRetryingBusy(queue)
        } catch {
            throw translate(error, path: url.path)
        }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path + suffix)
        }
        return queue
    }

    /// Runs the migrations. GRDB migrates in a DEFERRED transaction, which SQLite
    /// fails at once with SQLITE_BUSY (no busy wait) when two processes create
    /// the log at the same moment: retry a bounded number of times.
    private static func migrateRetryingBusy(_ queue: DatabaseQueue) throws {
        var attempt = 0
        while true {
            do {
                if try queue.read({ try migrator.hasCompletedMigrations($0) }) { return }
                try migrator.migrate(queue)
                return
            } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_BUSY && attempt < 40 {
                attempt += 1
                Thread.sleep(forTimeInterval: 0.025)
            }
        }
    }

    /// The versioned schema. Never edit a shipped migration: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE master_keys (
                    id TEXT PRIMARY KEY NOT NULL,
                    check_value BLOB NOT NULL,
                    created_ms INTEGER NOT NULL
                );
                CREATE TABLE data_keys (
                    id TEXT PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL,
                    master_key_id TEXT NOT NULL,
                    wrapped BLOB,
                    created_ms INTEGER NOT NULL,
                    erased_ms INTEGER
                );
                CREATE INDEX data_keys_created ON data_keys(created_ms);
                CREATE TABLE events (
                    sequence INTEGER PRIMARY KEY NOT NULL,
                    timestamp_ms INTEGER NOT NULL,
                    type TEXT NOT NULL,
                    data_key_id TEXT NOT NULL,
                    ciphertext BLOB NOT NULL,
                    prev_hash BLOB NOT NULL,
                    hash BLOB NOT NULL
                );
                CREATE TABLE checkpoints (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    sequence INTEGER NOT NULL,
                    head_hash BLOB NOT NULL,
                    created_ms INTEGER NOT NULL,
                    public_key BLOB NOT NULL,
                    signature BLOB NOT NULL
                );
                """)
        }
        return migrator
    }

    /// Maps SQLite failures to the module's error (the SQLite message goes to `detail`, never SQL arguments).
    static func translate(_ error: Error, path: String) -> AuditError {
        if let audit = error as? AuditError { return audit }
        if let db = error as? DatabaseError {
            let detail = "\(path): \(db.message ?? "SQLite error \(db.resultCode.rawValue)")"
            switch db.resultCode.primaryResultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .databaseLocked(detail)
            case .SQLITE_FULL: return .diskFull(detail)
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .databaseCorrupt(detail)
            default: return .databaseUnavailable(detail)
            }
        }
        return .databaseUnavailable("\(path): \(error)")
    }
}
