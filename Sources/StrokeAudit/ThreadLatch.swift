import Foundation

/// A one-shot hand-over between threads: one thread opens the latch with a
/// value, another waits for it. The waiting thread blocks, so only the thread
/// that writes a log waits on a latch: the audit writer's own thread (or a
/// maintenance command writing through `AuditLog` directly). `Scripts/check-blocking`
/// lists each such wait.
final class ThreadLatch<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var value: Value?

    init() {}

    /// Hands over `value` and wakes the waiter (the first value wins).
    func open(_ value: Value) {
        condition.lock()
        if self.value == nil { self.value = value }
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling thread until the latch is opened; returns its value.
    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }  // blocking: the thread that writes the log
        return value!
    }
}
