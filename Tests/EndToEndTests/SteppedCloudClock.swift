import Foundation
import HTTPTransfer
import StrokeCloud

/// A cloud clock that stands still until the test steps it: `now` is the start instant until
/// `step(by:)`, then the start plus that duration; every wait (a retry's) lasts until the clock
/// has been stepped (time has passed). Set for one command run in process (`CloudSettings.$clock`), it
/// makes the deadline come exactly when the test has seen every call start, however busy the machine.
final class SteppedCloudClock: TransferClock, @unchecked Sendable {
    private let start = ContinuousClock.now
    private let lock = NSLock()
    private var offset: Duration?
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The start instant, or the start plus the step once stepped.
    var now: ContinuousClock.Instant { lock.withLock { start + (offset ?? .zero) } }

    /// Moves the clock `duration` past its start and ends every wait.
    func step(by duration: Duration) {
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            offset = duration
            defer { waiting = [] }
            return waiting
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns when the clock has been stepped (at once if it has).
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = lock.withLock {
                if offset != nil { return true }
                waiting.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
