import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The one start-up of every server (`api`, `collector serve`, `relay serve`, `board serve`, `station`):
/// the process's logging, then a Hummingbird application on one address with the server's own
/// HTTP/1.1 builder (behind TLS when the command's `--tls-cert/--tls-key` say so), its services
/// (a database pool, the relay's expiry, the board's poller) and its start-up work (migrations),
/// run in a service group that shuts down gracefully on SIGTERM and SIGINT (swift-service-lifecycle:
/// the server stops accepting, answers what it has, then the services end).
///
/// ```swift
/// let logger = ServerLaunch.logger(label: "stroke-triage.collector", level: .info)
/// try await ServerLaunch.run(routes.makeRouter().buildResponder(), server: server, host: host, port: port,
///                            serverName: "stroke-triage-collector", services: [store.pool],
///                            beforeServerStarts: { try await store.migrate() }, logger: logger) { port in
///     logger.info("collector listening", metadata: ["port": "\(port)"])
/// }
/// ```
public enum ServerLaunch {
    /// Sends the process's logs to standard error through `handler` (StreamLogHandler's by default)
    /// and returns the server's logger at `level`. swift-log's system is bootstrapped once per process,
    /// by the first call (a second bootstrap would trap): later calls, such as a test process running
    /// several `serve` commands, get their own `handler` on the logger they are given.
    public static func logger(label: String, level: Logger.Level,
                              handler: @escaping @Sendable (String) -> any LogHandler = StreamLogHandler.standardError) -> Logger {
        if bootstrapped.withLock({ done in defer { done = true }; return !done }) { LoggingSystem.bootstrap(handler) }
        var logger = Logger(label: label, factory: handler)
        logger.logLevel = level
        return logger
    }

    /// Whether swift-log's system was bootstrapped by this process.
    private static let bootstrapped = Mutex(false)

    /// Serves `responder` on `host:port` with `server` until SIGTERM or SIGINT, running `services`
    /// beside it and `beforeServerStarts` before it accepts connections; `onServerRunning` gets the
    /// bound port (the one picked for port 0) once it accepts them.
    /// - Throws: what the server, a service or `beforeServerStarts` threw (an address that cannot be bound).
    public static func run<Responder: HTTPResponder>(
        _ responder: Responder, server: HTTPServerBuilder, host: String, port: Int, serverName: String,
        services: [any Service] = [], beforeServerStarts: (@Sendable () async throws -> Void)? = nil, logger: Logger,
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void
    ) async throws where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        var app = Application(
            responder: responder,
            server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: serverName),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
        if let beforeServerStarts { app.beforeServerStarts(perform: beforeServerStarts) }
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
