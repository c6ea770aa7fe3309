import Logging
import PostgresNIO

/// Applies numbered migrations recorded in a version table, under a
/// transaction-scoped advisory lock, so several servers starting at once
/// migrate once; the collector and the relay each keep their own list.
public struct SchemaMigrator: Sendable {
    /// The table recording applied versions (a constant name, never user input).
    public let versionTable: String
    /// Key of the advisory lock that serializes these migrations.
    public let lock: Int64
    /// Migration N (1-based) is `migrations[N - 1]`; each is a list of statements.
    public let migrations: [[String]]
    /// The log line written per applied version, e.g. `collector schema migrated`.
    public let logMessage: String

    /// Creates a migrator.
    public init(versionTable: String, lock: Int64, migrations: [[String]], logMessage: String) {
        self.versionTable = versionTable
        self.lock = lock
        self.migrations = migrations
        self.logMessage = logMessage
    }

    /// Applies the missing migrations on `connection` (inside the caller's transaction);
    /// a database at a newer version throws `tooNew(version)`.
    public func migrate(on connection: PostgresConnection, logger: Logger,
                        tooNew: (Int) -> any Error) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(lock))", logger: logger)
        try await connection.query(PostgresQuery(unsafeSQL: """
            CREATE TABLE IF NOT EXISTS \(versionTable) (
                version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
            """), logger: logger)
        var current = 0
        for try await version in try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT coalesce(max(version), 0)::integer FROM \(versionTable)"),
            logger: logger).decode(Int32.self) {
            current = Int(version)
        }
        guard current <= migrations.count else { throw tooNew(current) }
        for (index, statements) in migrations.enumerated() where index >= current {
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            var insert = PostgresQuery(unsafeSQL: "INSERT INTO \(versionTable) (version) VALUES ($1)")
            let version = Int32(index + 1)
            insert.binds.append(version, context: .default)
            try await connection.query(insert, logger: logger)
            logger.info(Logger.Message(stringLiteral: logMessage), metadata: ["version": "\(version)"])
        }
    }
}
