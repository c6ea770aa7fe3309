import Logging
import PostgresNIO

/// The relay's PostgreSQL tables as numbered migrations, versioned in their
/// own table `relay_schema` (apart from the collector's `collector_schema`,
/// so the two lists grow independently). The relay shares the collector's
/// `devices` table: the collector's migrations run first.
///
/// Per case the relay stores only the sealed case (encapsulated key and
/// ciphertext), the hospital, the sending device, the urgency, the ETA, the
/// status and timestamps.
enum RelaySchema {
    /// Key of the transaction-scoped advisory lock that serializes relay migrations.
    static let migrationLock: Int64 = 0x5354_524B_524C_4159 // "STRKRLAY"

    /// Migration N (1-based) is `migrations[N - 1]`; each is a list of statements. Never edit a published one.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE relay_hospitals (
                id text PRIMARY KEY,
                agreement_key bytea NOT NULL CHECK (length(agreement_key) = 32),
                signing_key bytea NOT NULL CHECK (length(signing_key) = 32),
                created_ms bigint NOT NULL
            )
            """,
            """
            CREATE TABLE relay_cases (
                case_id text PRIMARY KEY,
                hospital_id text NOT NULL REFERENCES relay_hospitals (id) ON DELETE CASCADE,
                device_id bigint NOT NULL REFERENCES devices (id),
                urgency text NOT NULL CHECK (urgency IN ('critical', 'high', 'moderate', 'low')),
                sent_eta_minutes bigint,
                eta_minutes bigint,
                eta_updated_ms bigint,
                status text NOT NULL CHECK (status IN ('inTransit', 'arrived', 'cancelled', 'archived')),
                created_ms bigint NOT NULL,
                updated_ms bigint NOT NULL,
                encapsulated_key bytea NOT NULL,
                ciphertext bytea NOT NULL
            )
            """,
            "CREATE INDEX relay_cases_hospital ON relay_cases (hospital_id, case_id)",
            "CREATE INDEX relay_cases_created ON relay_cases (created_ms)",
            """
            CREATE TABLE relay_nonces (
                principal text NOT NULL,
                nonce text NOT NULL,
                timestamp_ms bigint NOT NULL,
                PRIMARY KEY (principal, nonce)
            )
            """,
            "CREATE INDEX relay_nonces_age ON relay_nonces (timestamp_ms)",
        ],
    ]

    /// Applies the missing relay migrations on `connection` (inside the caller's transaction).
    static func migrate(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS relay_schema (
                version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
            """, logger: logger)
        var current = 0
        for try await version in try await connection.query(
            "SELECT coalesce(max(version), 0)::integer FROM relay_schema", logger: logger).decode(Int32.self) {
            current = Int(version)
        }
        guard current <= migrations.count else { throw RelayError.schemaTooNew(current) }
        for (index, statements) in migrations.enumerated() where index >= current {
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            let version = Int32(index + 1)
            try await connection.query("INSERT INTO relay_schema (version) VALUES (\(version))", logger: logger)
            logger.info("relay schema migrated", metadata: ["version": "\(version)"])
        }
    }
}
