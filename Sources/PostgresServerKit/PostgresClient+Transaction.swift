import Logging
import PostgresNIO

extension PostgresClient {
    /// Runs `body` in one transaction on one pooled connection (postgres-nio's `withTransaction`:
    /// COMMIT when it returns, ROLLBACK when it throws), the one transaction runner of the servers' stores.
    ///
    /// The error is rethrown as it is: the body's own error (a refusal, a `CollectorError`), else the
    /// failed BEGIN's, COMMIT's or ROLLBACK's, never postgres-nio's `PostgresTransactionError` wrapper,
    /// so the stores keep telling a caller's refusal from a database failure.
    public func transaction<T: Sendable>(logger: Logger,
                                         _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            if let cause = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError { throw cause }
            throw error
        }
    }
}

extension PSQLError {
    /// The server's message for a PostgreSQL error, else its code (never a query or its values).
    public var serverMessage: String {
        serverInfo?[.message] ?? "\(code)"
    }
}
