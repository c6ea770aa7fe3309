import Logging
import PostgresNIO
import PostgresServerKit

/// The collector's PostgreSQL schema as numbered migrations.
///
/// `migrate` runs every missing migration in one transaction under an
/// advisory lock, so several collectors starting at once migrate once. A
/// database migrated by a newer collector is refused.
enum CollectorSchema {
    /// Key of the transaction-scoped advisory lock that serializes migrations.
    static let migrationLock: Int64 = 0x5354_524B_4D49_4752 // "STRKMIGR"

    /// Migration N (1-based) is `migrations[N - 1]`; each is a list of statements. Never edit a published one.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE devices (
                id bigserial PRIMARY KEY,
                name text NOT NULL,
                public_key bytea NOT NULL CHECK (length(public_key) = 32),
                status text NOT NULL CHECK (status IN ('active', 'suspended', 'removed')),
                head_sequence bigint NOT NULL DEFAULT 0,
                head_hash bytea NOT NULL CHECK (length(head_hash) = 32),
                created_at timestamptz NOT NULL DEFAULT now(),
                changed_at timestamptz NOT NULL DEFAULT now(),
                last_push_at timestamptz
            )
            """,
            "CREATE UNIQUE INDEX devices_live_name ON devices (name) WHERE status <> 'removed'",
            "CREATE UNIQUE INDEX devices_live_key ON devices (public_key) WHERE status <> 'removed'",
            """
            CREATE TABLE records (
                device_id bigint NOT NULL REFERENCES devices (id),
                sequence bigint NOT NULL CHECK (sequence >= 1),
                timestamp_ms bigint NOT NULL,
                type text NOT NULL,
                data_key_id text NOT NULL,
                ciphertext bytea NOT NULL,
                prev_hash bytea NOT NULL CHECK (length(prev_hash) = 32),
                hash bytea NOT NULL CHECK (length(hash) = 32),
                received_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (device_id, sequence)
            )
            """,
            """
            CREATE TABLE request_nonces (
                device_id bigint NOT NULL REFERENCES devices (id),
                nonce text NOT NULL,
                timestamp_ms bigint NOT NULL,
                PRIMARY KEY (device_id, nonce)
            )
            """,
            "CREATE INDEX request_nonces_age ON request_nonces (device_id, timestamp_ms)",
            """
            CREATE TABLE incidents (
                id bigserial PRIMARY KEY,
                device_id bigint REFERENCES devices (id),
                device_name text NOT NULL,
                reason text NOT NULL,
                detail text NOT NULL,
                verified boolean NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX incidents_device ON incidents (device_name, id)",
        ],
        signedHeadsAndWrappedKeys,
    ]

    /// Applies the missing migrations on `connection` (inside the caller's transaction).
    static func migrate(on connection: PostgresConnection, logger: Logger) async throws {
        try await SchemaMigrator(versionTable: "collector_schema", lock: migrationLock, migrations: migrations,
                                 logMessage: "collector schema migrated")
            .migrate(on: connection, logger: logger, tooNew: { CollectorError.schemaTooNew($0) })
    }
}
