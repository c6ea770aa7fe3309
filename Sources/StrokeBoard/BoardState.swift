import CaseWire
import Foundation

/// The board's current snapshot and the page connections waiting for changes.
///
/// The poller publishes a new snapshot after every poll; subscribers (the
/// `/events` streams) are woken only when it differs from the last one.
public actor BoardState {
    /// The current snapshot.
    public private(set) var snapshot: BoardSnapshot
    /// Increases with every change.
    public private(set) var version = 0
    private var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextSubscriber = 0

    /// An empty board for `hospitalId`.
    public init(hospitalId: String) {
        snapshot = BoardSnapshot(hospitalId: hospitalId, cases: [], relayAnsweredMs: nil, relayFailing: false)
    }

    /// Replaces the snapshot; wakes every subscriber when it changed (the relay's answer time alone is no change).
    public func publish(_ next: BoardSnapshot) {
        let changed = next.cases != snapshot.cases || next.relayFailing != snapshot.relayFailing
            || (snapshot.relayAnsweredMs == nil) != (next.relayAnsweredMs == nil)
        snapshot = next
        guard changed else { return }
        version += 1
        for continuation in subscribers.values { continuation.yield(version) }
    }

    /// A stream of versions, starting with the current one; it ends after `lifetime` or when `finishAll` is called.
    public func subscribe(lifetime: Duration) -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.yield(version)
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        Task {
            try? await Task.sleep(for: lifetime)
            continuation.finish()
        }
        return stream
    }

    /// Ends every subscriber's stream (on shutdown).
    public func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    private func unsubscribe(_ id: Int) { subscribers[id] = nil }
}
