extension CollectorSchema {
    /// Migration 2: the log id bound to each device and the highest erasure
    /// count and key epoch it signed; every accepted signed head (evidence and
    /// export); org-wrapped data keys; and erased data key ids, never accepted again.
    static let signedHeadsAndWrappedKeys: [String] = [
        """
        ALTER TABLE devices ADD COLUMN log_id text,
            ADD COLUMN erased_keys bigint NOT NULL DEFAULT 0,
            ADD COLUMN key_epoch bigint NOT NULL DEFAULT 0
        """,
        """
        CREATE TABLE signed_heads (
            device_id bigint NOT NULL REFERENCES devices (id),
            sequence bigint NOT NULL CHECK (sequence >= 0),
            chain_hash bytea NOT NULL CHECK (length(chain_hash) = 32),
            log_id text NOT NULL,
            erased_keys bigint NOT NULL,
            key_epoch bigint NOT NULL,
            time_ms bigint NOT NULL,
            public_key bytea NOT NULL CHECK (length(public_key) = 32),
            signature bytea NOT NULL CHECK (length(signature) = 64),
            received_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (device_id, signature)
        )
        """,
        "CREATE INDEX signed_heads_sequence ON signed_heads (device_id, sequence, time_ms)",
        """
        CREATE TABLE wrapped_keys (
            device_id bigint NOT NULL REFERENCES devices (id),
            data_key_id text NOT NULL,
            org_key_id text NOT NULL,
            encapsulated_key bytea NOT NULL,
            ciphertext bytea NOT NULL,
            received_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (device_id, data_key_id, org_key_id)
        )
        """,
        """
        CREATE TABLE erased_keys (
            device_id bigint NOT NULL REFERENCES devices (id),
            data_key_id text NOT NULL,
            erased_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (device_id, data_key_id)
        )
        """,
    ]
}
