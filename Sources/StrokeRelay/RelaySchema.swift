import Logging
import PostgresNIO
import PostgresServerKit

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
        // 2: one urgency vocabulary (docs/clinical-reference.md §12). Cases listed before it
        // keep their rank: critical → immediate, high → urgent, moderate → timeCritical, low → standard.
        [
            "ALTER TABLE relay_cases DROP CONSTRAINT relay_cases_urgency_check",
            """
            UPDATE relay_cases SET urgency = CASE urgency
                WHEN 'critical' THEN 'immediate' WHEN 'high' THEN 'urgent' WHEN 'moderate' THEN 'timeCritical' ELSE 'standard' END
            """,
            "ALTER TABLE relay_cases ADD CONSTRAINT relay_cases_urgency_check CHECK (urgency IN ('immediate', 'urgent', 'timeCritical', 'standard'))",
        ],
        // 3: a hospital may be tied to its stroke center in the dataset (`add-hospital --center`), so a
        // device that knows the hospital only by its relay id can still compute the ETA.
        [
            "ALTER TABLE relay_hospitals ADD COLUMN center_id text CHECK (center_id IS NULL OR length(center_id) BETWEEN 1 AND 128)",
        ],
        // 4: the board's receipt of a case (issue 45): shown, or refused with its verdict's code, and when.
        [
            "ALTER TABLE relay_cases ADD COLUMN receipt text CHECK (receipt IS NULL OR receipt IN ('shown', 'refused'))",
            "ALTER TABLE relay_cases ADD COLUMN receipt_code text CHECK (receipt_code IS NULL OR length(receipt_code) BETWEEN 1 AND 64)",
            "ALTER TABLE relay_cases ADD COLUMN receipt_ms bigint",
        ],
    ]

    /// Applies the missing relay migrations on `connection` (inside the caller's transaction).
    static func migrate(on connection: PostgresConnection, logger: Logger) async throws {
        try await SchemaMigrator(versionTable: "relay_schema", lock: migrationLock, migrations: migrations,
                                 logMessage: "relay schema migrated")
            .migrate(on: connection, logger: logger, tooNew: { RelayError.schemaTooNew($0) })
    }
}
