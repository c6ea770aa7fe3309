import Foundation

/// What an `AuditWriter` reports as it works: queue depth and commits, for
/// metrics (and for tests, which count transactions instead of timing them).
/// Every method has an empty default.
public protocol AuditWriterObserver: Sendable {
    /// An append joined the queue; `waiting` appends are queued now, this one included
    /// (called on the appending thread).
    func queued(waiting: Int)
    /// A batch of `appends` is about to be written in one transaction (on the writer's thread).
    func committing(appends: Int)
    /// A batch's transaction ended: `failed` when it failed (then every append of the batch failed).
    func committed(appends: Int, failed: Bool)
}

extension AuditWriterObserver {
    public func queued(waiting: Int) {}
    public func committing(appends: Int) {}
    public func committed(appends: Int, failed: Bool) {}
}

/// The one writer of an audit log in a process: a dedicated thread that owns
/// the open log and writes every append waiting for it in ONE transaction with
/// ONE fsync and one signed head (group commit), while each caller awaits its
/// own durable receipt.
///
/// The log is opened on the writer's thread on the first append (key
/// derivation and SQLite open happen once per writer, never on the caller's
/// thread); an open that fails fails that batch and is tried again with the next.
/// Records of a batch are chained in the order their appends were queued.
/// An append refused on its own (an erased assessment) fails alone; a failed
/// transaction (locked, disk full, a head file that disagrees) fails every
/// append of its batch and writes none of them.
///
/// ```swift
/// let writer = AuditWriter(location: location, context: context)
/// let receipt = try await writer.append(.predictionGenerated, payload: json, assessment: id)
/// await writer.close()
/// ```
public final class AuditWriter: Sendable {
    private let core: AuditWriterCore
    /// The SQLite file written (for "Recorded in the audit log as event N in …").
    public let databasePath: String

    /// A writer of the log at `location` (opened on the first append).
    /// - Parameters:
    ///   - maxBatch: the most appends written in one transaction.
    ///   - observer: told about queue depth and commits.
    public init(location: AuditLog.Location, context: AuditLog.Context, maxBatch: Int = 512,
                observer: (any AuditWriterObserver)? = nil) {
        databasePath = location.database.path
        core = AuditWriterCore(opener: { try AuditLog.open(location, context: context) }, maxBatch: max(1, maxBatch),
                               observer: observer)
        core.start()
    }

    /// A writer of `log`, already open (a server opens it at start-up to fail early): the
    /// writer owns it from now on and closes it.
    public init(opened log: AuditLog, maxBatch: Int = 512, observer: (any AuditWriterObserver)? = nil) {
        databasePath = log.path
        core = AuditWriterCore(opener: { log }, maxBatch: max(1, maxBatch), observer: observer)
        core.start()
    }

    deinit { core.stop(then: nil) }

    /// Appends one event and returns its receipt once it is durable (committed and the head file in place).
    /// The caller never blocks: it is resumed by the writer's thread.
    /// - Throws: `AuditError` (the log cannot be opened, locked, disk full, erased assessment, writer closed).
    @discardableResult
    public func append(_ type: AuditEventType, payload: Data, assessment: String? = nil) async throws(AuditError) -> AuditReceipt {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<AuditReceipt, AuditError>, Never>) in
            core.enqueue(AuditWriterCore.Pending(type: type, payload: payload, assessment: assessment) { continuation.resume(returning: $0) })
        }
        return try result.get()
    }

    /// Stops taking appends; those already queued are written, then the log is closed
    /// (making the head file's last rename durable). Returns when the writer's thread has ended.
    public func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            core.stop { continuation.resume() }
        }
    }
}

/// The writer's queue and thread (the thread holds this, not the `AuditWriter`, so
/// dropping the last `AuditWriter` stops it).
final class AuditWriterCore: @unchecked Sendable {
    /// One queued append and how to hand back its result.
    struct Pending {
        let type: AuditEventType
        let payload: Data
        let assessment: String?
        let done: @Sendable (Result<AuditReceipt, AuditError>) -> Void
    }

    private let opener: @Sendable () throws -> AuditLog
    private let maxBatch: Int
    private let observer: (any AuditWriterObserver)?
    /// Guards `queue`, `stopping` and `stopped`; signalled when either changes.
    private let condition = NSCondition()
    private var queue: [Pending] = []
    private var stopping = false
    private var stopped: [@Sendable () -> Void] = []
    /// Touched only on the writer's thread.
    private var log: AuditLog?

    init(opener: @escaping @Sendable () throws -> AuditLog, maxBatch: Int, observer: (any AuditWriterObserver)?) {
        self.opener = opener
        self.maxBatch = maxBatch
        self.observer = observer
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "stroke-triage.audit-writer"
        thread.start()
    }

    /// Queues `pending`, or fails it at once when the writer is stopping.
    func enqueue(_ pending: Pending) {
        condition.lock()
        guard !stopping else {
            condition.unlock()
            pending.done(.failure(.databaseUnavailable("the audit writer is closed")))
            return
        }
        queue.append(pending)
        let waiting = queue.count
        condition.signal()
        condition.unlock()
        observer?.queued(waiting: waiting)
    }

    /// Asks the thread to end after the queued appends; `then` runs when it has.
    func stop(then: (@Sendable () -> Void)?) {
        condition.lock()
        stopping = true
        if let then { stopped.append(then) }
        condition.signal()
        condition.unlock()
    }

    /// The writer's loop: take everything queued (up to `maxBatch`), write it, hand back receipts.
    private func run() {
        while let batch = nextBatch() {
            write(batch)
        }
        log?.close()
        log = nil
        condition.lock()
        let waiters = stopped
        stopped = []
        condition.unlock()
        waiters.forEach { $0() }
    }

    /// The next batch, waiting for one; nil once stopping with nothing queued.
    private func nextBatch() -> [Pending]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty {
            if stopping { return nil }
            condition.wait()  // blocking: the writer's own thread
        }
        let batch = Array(queue.prefix(maxBatch))
        queue.removeFirst(batch.count)
        return batch
    }

    /// Writes one batch in one transaction; each append in a savepoint, so one refused
    /// append (an erased assessment) does not fail the others.
    private func write(_ batch: [Pending]) {
        observer?.committing(appends: batch.count)
        var results: [Result<AuditReceipt, AuditError>] = []
        results.reserveCapacity(batch.count)
        do {
            if log == nil { log = try opener() }
            let log = log!
            _ = try log.write { db in
                results.removeAll(keepingCapacity: true)
                for pending in batch {
                    do {
                        var receipt: AuditReceipt?
                        try db.inSavepoint {
                            receipt = try log.insert(db, pending.type, payload: pending.payload, assessment: pending.assessment)
                            return .commit
                        }
                        results.append(.success(receipt!))
                    } catch {
                        results.append(.failure(AuditDatabase.translate(error, path: log.path)))
                    }
                }
            }
        } catch {
            let failure = AuditDatabase.translate(error, path: log?.path ?? "audit log")
            observer?.committed(appends: batch.count, failed: true)
            batch.forEach { $0.done(.failure(failure)) }
            return
        }
        observer?.committed(appends: batch.count, failed: false)
        for (pending, result) in zip(batch, results) { pending.done(result) }
    }
}
