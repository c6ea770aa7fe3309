import Foundation

/// A thread-safe flag that tells a running transfer to stop.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    /// Whether `cancel()` was called.
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Asks the transfer to stop at its next callback.
    func cancel() { lock.withLock { cancelled = true } }
}
