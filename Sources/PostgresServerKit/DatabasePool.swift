#if canImport(Glibc)
import Glibc
#endif
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// Why a database operation was given up: PostgreSQL did not answer within the deadline.
public struct DatabaseDeadlineExceeded: Error, CustomStringConvertible {
    /// The deadline that passed.
    public let deadline: Duration
    /// "no answer within N s".
    public var description: String { "no answer within \(deadline)" }
}

/// The collector's and the relay's PostgreSQL connection pool, with a deadline
/// on every use (servers) and a prompt recovery after PostgreSQL comes back.
///
/// - With a `deadline` (`collector serve`, `relay serve`: 5 s), every bounded
///   operation (`perform`) answers within it: when PostgreSQL does not answer
///   in time, the caller gets `DatabaseDeadlineExceeded` (the servers answer
///   503), and the operation is cancelled. Migrations are never bounded (a
///   migration may take long on a large database), nor is anything without a
///   deadline (the administration commands, exports).
/// - PostgresNIO's pool backs off between connection attempts (up to a minute)
///   and, after 15 s of failures, fails every request at once (its circuit
///   breaker): neither can be configured. So after a connection failure
///   (`isConnectionFailure`), one check runs at a time: if the pool still
///   cannot run `SELECT 1` while a fresh connection can, the pool is replaced by
///   a new one and the old one is shut down. `/healthz` waits for this check,
///   so it answers 200 as soon as PostgreSQL answers again.
/// - Connection attempts are bounded by the deadline too (`connectTimeout`;
///   the check uses `defaultDeadline` when there is none).
///
/// The pool is a `Service`: `run()` must run while it is used.
public final class DatabasePool: Service, Sendable {
    /// The default deadline of one database operation: 5 s, or the whole seconds (1–600) of the
    /// environment variable `STROKE_TRIAGE_DB_DEADLINE_SECONDS` (docs/server.md: a slow or heavily
    /// loaded database host may need more; the test suites set 60 so that a loaded CI machine never
    /// turns a slow answer into a failure, while the deadline tests set their own 1 s).
    public static var defaultDeadline: Duration {
        let text = getenv("STROKE_TRIAGE_DB_DEADLINE_SECONDS").map { String(cString: $0) } ?? ""
        guard let seconds = Int(text), (1...600).contains(seconds) else { return .seconds(5) }
        return .seconds(seconds)
    }

    /// The deadline of one bounded operation (and of one connection attempt), or nil for none.
    public let deadline: Duration?
    let configuration: PostgresClient.Configuration
    let probeConfiguration: PostgresConnection.Configuration?
    let logger: Logger
    private let state: Mutex<State>

    private struct State: Sendable {
        var client: PostgresClient
        var running: [Task<Void, Never>] = []
        var started = false
        var stopped = false
        var checking: Task<Bool, Never>?
    }

    /// A pool for `database` with at most `maximumConnections`; nothing connects before `run()`.
    public init(database: DatabaseURL, maximumConnections: Int, deadline: Duration?, logger: Logger) {
        let bound = deadline ?? Self.defaultDeadline
        let seconds = max(1, Int64(bound.components.seconds))
        var configuration = database.clientConfiguration
        configuration.options.maximumConnections = maximumConnections
        if let deadline { configuration.options.connectTimeout = deadline }
        var probe = database.connectionConfiguration
        probe?.options.connectTimeout = .seconds(seconds)
        self.configuration = configuration
        self.probeConfiguration = probe
        self.deadline = deadline
        self.logger = logger
        self.state = Mutex(State(client: PostgresClient(configuration: configuration, backgroundLogger: PoolLogHandler.logger(logger))))
    }

    /// The pool in use now (it may be replaced after an outage: fetch it for every operation).
    public var client: PostgresClient { state.withLock { $0.client } }

    /// Runs the pool (and each pool that replaces it) until cancelled or shut down gracefully.
    public func run() async {
        state.withLock { state in
            state.started = true
            let client = state.client
            state.running.append(Task { await client.run() })
        }
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        await withTaskCancellationHandler {
            await cancelWhenGracefulShutdown { for await _ in ended {} }
        } onCancel: {
            end.finish()
        }
        let running = state.withLock { state in
            state.stopped = true
            return state.running
        }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }

    /// Runs `body` with the pool, giving up after `deadline` when there is one and `bounded` is true
    /// (`DatabaseDeadlineExceeded`; `body` is cancelled). After a connection failure, starts the recovery check.
    public func perform<T: Sendable>(bounded: Bool = true,
                                     _ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws -> T {
        let client = self.client
        do {
            guard bounded, let deadline else { return try await body(client) }
            return try await Self.within(deadline) { try await body(client) }
        } catch {
            if Self.isConnectionFailure(error) { startCheck() }
            throw error
        }
    }

    /// True for a failure that says nothing was answered: the deadline passed, a PostgresNIO error that is not
    /// PostgreSQL's own answer (a closed or refused connection), or the pool's own refusal (its circuit breaker).
    /// A refusal of the caller's (a `CollectorError`, a push refusal) or PostgreSQL's answer is not one.
    static func isConnectionFailure(_ error: any Error) -> Bool {
        if error is DatabaseDeadlineExceeded { return true }
        if let error = error as? PSQLError { return error.code != .server && error.code != .queryCancelled }
        return String(reflecting: type(of: error)).hasSuffix(".ConnectionPoolError")
    }

    /// Answers when PostgreSQL answers through the pool within the deadline; after a failure, waits for the
    /// recovery check and tries once more (for `/healthz`).
    public func ping() async throws {
        do {
            try await perform { client in _ = try await client.query("SELECT 1") }
        } catch {
            guard await check() else { throw error }
            try await perform { client in _ = try await client.query("SELECT 1") }
        }
    }

    /// Starts the recovery check unless one is running.
    private func startCheck() {
        _ = checkTask()
    }

    /// Waits for the running (or a new) recovery check; true when the pool answers (again).
    private func check() async -> Bool {
        await checkTask().value
    }

    private func checkTask() -> Task<Bool, Never> {
        state.withLock { state in
            if let running = state.checking { return running }
            let task = Task { await self.recover() }
            state.checking = task
            return task
        }
    }

    /// The recovery check: true when the pool answers, or when a fresh connection answers and the pool was replaced.
    private func recover() async -> Bool {
        defer { state.withLock { $0.checking = nil } }
        let client = self.client
        let deadline = self.deadline ?? Self.defaultDeadline
        if (try? await Self.within(deadline, { _ = try await client.query("SELECT 1") })) != nil { return true }
        guard let probe = probeConfiguration else { return false }
        let logger = self.logger
        let answered = (try? await Self.within(deadline) { () async throws -> Void in
            let connection = try await PostgresConnection.connect(configuration: probe, id: 0, logger: logger)
            defer { Task { try? await connection.close() } }
            _ = try await connection.query("SELECT 1", logger: logger)
        }) != nil
        guard answered else { return false }
        replace(client)
        return true
    }

    /// Replaces `old` by a new pool (when it is still the one in use) and shuts `old` down.
    private func replace(_ old: PostgresClient) {
        state.withLock { state in
            guard state.client === old, state.started, !state.stopped else { return }
            let fresh = PostgresClient(configuration: configuration, backgroundLogger: PoolLogHandler.logger(logger))
            state.client = fresh
            state.running.last?.cancel()
            state.running.append(Task { await fresh.run() })
        }
        logger.notice("database answers again; connection pool replaced")
    }

    /// Runs `body`, or throws `DatabaseDeadlineExceeded` after `deadline` (cancelling `body`, which may end later).
    /// Cancelling the caller cancels `body` too.
    static func within<T: Sendable>(_ deadline: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = DeadlineRace<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.continuation.withLock { $0 = continuation }
                let work = Task {
                    let result: Result<T, any Error>
                    do { result = .success(try await body()) } catch { result = .failure(error) }
                    race.continuation.withLock { $0.take() }?.resume(with: result)
                    race.tasks.withLock { $0.timer }?.cancel()
                }
                let timer = Task {
                    try? await Task.sleep(for: deadline)
                    guard !Task.isCancelled, let continuation = race.continuation.withLock({ $0.take() }) else { return }
                    work.cancel()
                    continuation.resume(throwing: DatabaseDeadlineExceeded(deadline: deadline))
                }
                race.tasks.withLock { $0 = (work, timer) }
            }
        } onCancel: {
            race.tasks.withLock { $0.work }?.cancel()
        }
    }
}

/// The shared state of one `DatabasePool.within`: who answers first, and the two tasks.
private final class DeadlineRace<T: Sendable>: Sendable {
    let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)
    let tasks = Mutex<(work: Task<Void, Never>?, timer: Task<Void, Never>?)>((nil, nil))
}
