import Logging
import PostgresNIO

/// The one transaction runner the collector's and the relay's stores share.
public enum PostgresTransaction {
    /// Runs `body` in one transaction on one connection of `client`: COMMIT when it
    /// returns, ROLLBACK when it throws (the error is rethrown as it is).
    public static func run<T: Sendable>(on client: PostgresClient, logger: Logger,
                                        _ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let value = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return value
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// The server's message for a PostgreSQL error, else its code (never a query or its values).
    public static func message(_ error: PSQLError) -> String {
        error.serverInfo?[.message] ?? "\(error.code)"
    }
}
