import CAuditBenchSQLite
import Foundation

/// The baseline: the SQLite C API with the audit log's pragmas (WAL,
/// synchronous = FULL, busy timeout) and the same `events` table, one
/// IMMEDIATE transaction per insert. The one owner of its handles.
final class RawSQLite {
    private var handle: OpaquePointer?
    private var insert: OpaquePointer?

    /// Opens (creating) the file and the table.
    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw BenchError(message: "open: " + String(cString: sqlite3_errmsg(handle)))
        }
        sqlite3_busy_timeout(handle, 5000)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = FULL")
        try execute("PRAGMA secure_delete = ON")
        try execute("""
            CREATE TABLE IF NOT EXISTS events (sequence INTEGER PRIMARY KEY NOT NULL, timestamp_ms INTEGER NOT NULL,
            type TEXT NOT NULL, data_key_id TEXT NOT NULL, ciphertext BLOB NOT NULL, prev_hash BLOB NOT NULL, hash BLOB NOT NULL)
            """)
        guard sqlite3_prepare_v2(handle, "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", -1, &insert, nil) == SQLITE_OK else {
            throw BenchError(message: "prepare: " + String(cString: sqlite3_errmsg(handle)))
        }
    }

    deinit {
        sqlite3_finalize(insert)
        sqlite3_close_v2(handle)
    }

    /// One durable transaction inserting one row with a blob of `ciphertext` bytes.
    func durableInsert(sequence: Int64, ciphertext: [UInt8], hash: [UInt8]) throws {
        try execute("BEGIN IMMEDIATE")
        sqlite3_reset(insert)
        sqlite3_bind_int64(insert, 1, sequence)
        sqlite3_bind_int64(insert, 2, Int64(Date().timeIntervalSince1970 * 1000))
        _ = bench_bind_text(insert, 3, "prediction.generated")
        _ = bench_bind_text(insert, 4, "a-0123456789abcdef")
        _ = bench_bind_blob(insert, 5, ciphertext, Int32(ciphertext.count))
        _ = bench_bind_blob(insert, 6, hash, Int32(hash.count))
        _ = bench_bind_blob(insert, 7, hash, Int32(hash.count))
        guard sqlite3_step(insert) == SQLITE_DONE else {
            throw BenchError(message: "insert: " + String(cString: sqlite3_errmsg(handle)))
        }
        try execute("COMMIT")
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchError(message: "\(sql): " + String(cString: sqlite3_errmsg(handle)))
        }
    }
}

/// A benchmark setup failure.
struct BenchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
