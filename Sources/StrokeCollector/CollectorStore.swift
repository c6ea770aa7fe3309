import AuditFormat
import Foundation
import Logging
import PostgresNIO
import PostgresServerKit

/// The one owner of the collector's PostgreSQL connection pool.
///
/// Per-device ordering lives in PostgreSQL (a `FOR UPDATE` lock on the
/// device's row), never in process memory, so several collectors can share
/// one database. Queries bind their values; SQL is never concatenated.
public final class CollectorStore: DeviceRegistry {
    /// The connection pool with its deadline (a `Service`: it must run while the store is used).
    public let pool: DatabasePool
    let logger: Logger

    /// The pool's current PostgreSQL client (replaced after an outage: fetch it for every operation).
    public var client: PostgresClient { pool.client }

    /// Creates a store for `database`; the pool connects once `pool.run()` runs. With a `deadline` (the
    /// servers), every database operation but a migration answers within it (`DatabasePool`).
    public init(database: DatabaseURL, logger: Logger, deadline: Duration? = nil) {
        self.pool = DatabasePool(database: database, maximumConnections: 16, deadline: deadline, logger: logger)
        self.logger = logger
    }

    /// Runs `body` with a store whose pool runs for exactly that long (for one-shot commands and tests).
    public static func with<T: Sendable>(database: DatabaseURL, logger: Logger,
                                         deadline: Duration? = nil,
                                         _ body: @Sendable (CollectorStore) async throws -> T) async throws -> T {
        let store = CollectorStore(database: database, logger: logger, deadline: deadline)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.pool.run() }
            defer { group.cancelAll() }
            return try await body(store)
        }
    }

    /// Applies missing schema migrations (idempotent; safe with several collectors at once).
    public func migrate() async throws {
        try await transaction(bounded: false) { connection in try await CollectorSchema.migrate(on: connection, logger: self.logger) }
    }

    /// Answers when the database answers within the deadline (for `/healthz`; `DatabasePool.ping`).
    public func ping() async throws {
        try await run { try await self.pool.ping() }
    }

    /// Registers a device.
    /// - Throws: `CollectorError` `deviceNameInvalid`, `publicKeyInvalid`, `deviceExists`, `publicKeyInUse`.
    public func addDevice(name: String, publicKey text: String) async throws -> DeviceInfo {
        guard Self.isValidName(name) else { throw CollectorError.deviceNameInvalid(name) }
        guard let key = AuditHead.publicKey(fromText: text) else { throw CollectorError.publicKeyInvalid }
        return try await transaction { connection in
            var taken: [String] = []
            for try await other in try await connection.query(
                "SELECT name FROM devices WHERE status <> 'removed' AND (name = \(name) OR public_key = \(key)) ORDER BY name",
                logger: self.logger).decode(String.self) { taken.append(other) }
            if taken.contains(name) { throw CollectorError.deviceExists(name) }
            if let other = taken.first { throw CollectorError.publicKeyInUse(other) }
            try await connection.query("""
                INSERT INTO devices (name, public_key, status, head_hash)
                VALUES (\(name), \(key), 'active', \(AuditLayout.genesisHash))
                """, logger: self.logger)
            return try await self.devices(on: connection, name: name).first!
        }
    }

    /// The devices, sorted by name (removed ones only when `includeRemoved`).
    public func listDevices(includeRemoved: Bool = false) async throws -> [DeviceInfo] {
        try await run {
            try await self.client.withConnection { connection in
                try await self.devices(on: connection, name: nil, includeRemoved: includeRemoved)
            }
        }
    }

    /// Sets a live device's status to `active` or `suspended`, or removes it (`removed`: its key can
    /// no longer push; its records and incidents stay as evidence; its name may be registered again).
    /// - Throws: `CollectorError.deviceUnknown` when no live device has that name.
    public func setStatus(name: String, to status: String) async throws {
        precondition(["active", "suspended", "removed"].contains(status))
        try await transaction { connection in
            var changed = false
            for try await _ in try await connection.query("""
                UPDATE devices SET status = \(status), changed_at = now()
                WHERE name = \(name) AND status <> 'removed' RETURNING id
                """, logger: self.logger).decode(Int64.self) { changed = true }
            guard changed else { throw CollectorError.deviceUnknown(name) }
        }
    }

    func devices(on connection: PostgresConnection, name: String?, includeRemoved: Bool = false) async throws -> [DeviceInfo] {
        let rows = try await connection.query("""
            SELECT name, public_key, status, head_sequence, created_at, last_push_at FROM devices
            WHERE (\(name)::text IS NULL OR name = \(name)) AND (\(includeRemoved) OR status <> 'removed')
            ORDER BY name, id
            """, logger: logger)
        var out: [DeviceInfo] = []
        for try await (name, key, status, head, created, pushed) in rows.decode((String, ByteBuffer, String, Int64, Date, Date?).self) {
            out.append(DeviceInfo(name: name, publicKey: Data(key.readableBytesView).base64EncodedString(), status: status,
                                  headSequence: head, createdAt: created, lastPushAt: pushed))
        }
        return out
    }

    /// True for 1–64 characters of `A–Z a–z 0–9 . _ -`.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    /// Runs `body` in one transaction on one pooled connection: COMMIT when it returns, ROLLBACK when it throws
    /// (the error is rethrown as it is, PostgreSQL errors as `CollectorError.databaseUnavailable`).
    func transaction<T: Sendable>(bounded: Bool = true,
                                  _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await run(bounded: bounded) {
            try await self.client.transaction(logger: self.logger, body)
        }
    }

    /// Runs `body` within the pool's deadline (if any and `bounded`), turning PostgreSQL failures and a passed
    /// deadline into `CollectorError.databaseUnavailable` with the server's message (or "no answer within …").
    func run<T: Sendable>(bounded: Bool = true, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await pool.perform(bounded: bounded) { _ in try await body() }
        } catch let error as PSQLError {
            throw CollectorError.databaseUnavailable(error.serverMessage)
        } catch let error as DatabaseDeadlineExceeded {
            throw CollectorError.databaseUnavailable(error.description)
        }
    }
}
