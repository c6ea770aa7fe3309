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
            try migrate(queue)
        } catch {
            throw translate(error, path: url.path)
        }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path + suffix)
        }
        return queue
    }

    /// The versioned schema migrations, in order; the schema version is
    /// `PRAGMA user_version` (the number applied). Never edit a shipped
    /// migration: append a new one.
    static let migrations: [@Sendable (Database) throws -> Void] = [
        // 1: keys, events, checkpoints.
        { db in
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
        },
        // 2: the log's identity and its latest signed head (one row each; filled on first open with keys).
        { db in
            try db.execute(sql: """
                CREATE TABLE log_identity (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    log_id BLOB NOT NULL,
                    created_ms INTEGER NOT NULL,
                    key_epoch INTEGER NOT NULL,
                    upgraded_sequence INTEGER
                );
                CREATE TABLE log_head (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    sequence INTEGER NOT NULL,
                    chain_hash BLOB NOT NULL,
                    erased_keys INTEGER NOT NULL,
                    key_epoch INTEGER NOT NULL,
                    time_ms INTEGER NOT NULL,
                    public_key BLOB NOT NULL,
                    signature BLOB NOT NULL
                );
                """)
        },
    ]

    /// Applies the missing migrations in one IMMEDIATE transaction that also
    /// bumps `user_version`, so two processes creating the log at the same
    /// moment cannot both migrate (the second waits, then finds nothing to do).
    /// A file from a newer version (higher `user_version`) is refused.
    static func migrate(_ queue: DatabaseQueue) throws {
        let current = try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
        if current == migrations.count { return }
        if current > migrations.count { throw newer(current) }
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                guard version <= migrations.count else { throw newer(version) }
                for migration in migrations[version...] { try migration(db) }
                try db.execute(sql: "PRAGMA user_version = \(migrations.count)")
                return .commit
            }
        }
    }

    /// The error for a file whose schema version is above this version's.
    private static func newer(_ version: Int) -> AuditError {
        .databaseNewer("schema version \(version); this version of stroke-triage knows up to \(migrations.count)")
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
