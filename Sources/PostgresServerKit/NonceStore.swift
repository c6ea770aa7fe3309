import HTTPServerKit
import Logging
import PostgresNIO

/// The servers' one nonce store and its one policy, over a table of `(principal, nonce, timestamp_ms)`
/// with the primary key `(principal, nonce)`: the collector's `request_nonces` (principal: the
/// device's row id) and the relay's `relay_nonces` (principal: `device:ID` or `hospital:ID`).
///
/// Policy: a request's timestamp must lie within the window either side of the server's clock;
/// its nonce is recorded in the request's own transaction, and the sender's nonces older than
/// twice the window are deleted there too (a replay of one of them is refused as stale anyway).
public struct NonceStore: Sendable {
    /// The table (a constant name, never user input).
    public let table: String
    /// The principal's column in `table` (a constant name).
    public let principalColumn: String

    /// A store over `table`, its principals in `principalColumn`.
    public init(table: String, principalColumn: String) {
        self.table = table
        self.principalColumn = principalColumn
    }

    /// Refuses a timestamp more than `windowSeconds` from `nowMs`.
    /// - Throws: `SignedRequestRefusal(.stale)`.
    public static func checkWindow(_ timestampMs: Int64, nowMs: Int64, windowSeconds: Int) throws(SignedRequestRefusal) {
        let window = Int64(windowSeconds) * 1000
        guard (nowMs - window)...(nowMs + window) ~= timestampMs else { throw SignedRequestRefusal(.stale) }
    }

    /// Records `nonce` for `principal` on `connection`, inside the caller's transaction, after deleting the
    /// principal's nonces older than twice the window; false when the principal already used it.
    public func record<Principal: PostgresDynamicTypeEncodable & Sendable>(
        _ nonce: String, timestampMs: Int64, principal: Principal, nowMs: Int64, windowSeconds: Int,
        on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        let (table, column, cutoff) = (self.table, principalColumn, nowMs - 2 * Int64(windowSeconds) * 1000)
        try await connection.query(
            "DELETE FROM \(unescaped: table) WHERE \(unescaped: column) = \(principal) AND timestamp_ms < \(cutoff)", logger: logger)
        var inserted = false
        for try await _ in try await connection.query("""
            INSERT INTO \(unescaped: table) (\(unescaped: column), nonce, timestamp_ms) VALUES (\(principal), \(nonce), \(timestampMs))
            ON CONFLICT DO NOTHING RETURNING 1
            """, logger: logger).decode(Int32.self) { inserted = true }
        return inserted
    }
}
