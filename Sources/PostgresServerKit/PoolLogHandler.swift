import Logging

/// The background logger `DatabasePool` gives PostgresNIO's client: the server's own logger, less
/// one notice that is a false alarm here (issue 35, item 8).
///
/// The pool starts `PostgresClient.run()` in a task of its own, beside the first query of a command
/// or a server start. When that query asks for a connection a moment before the task has begun,
/// PostgresNIO logs "Trying to lease connection from `PostgresClient`, but `PostgresClient.run()`
/// hasn't been called yet." at warning level; the lease then simply waits for `run()` (PostgresNIO's
/// documented behaviour), so nothing is wrong. Every other message passes unchanged.
struct PoolLogHandler: LogHandler {
    /// The message dropped (PostgresNIO's exact text).
    static let notYetRunning = "Trying to lease connection from `PostgresClient`, but `PostgresClient.run()` hasn't been called yet."

    var inner: any LogHandler

    /// The server's `logger` with this filter in front of its handler.
    static func logger(_ logger: Logger) -> Logger {
        var filtered = logger
        filtered.handler = PoolLogHandler(inner: logger.handler)
        return filtered
    }

    func log(event: LogEvent) {
        guard event.message.description != Self.notYetRunning else { return }
        inner.log(event: event)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }
}
