import Foundation

extension AuditLog {
    /// Runs blocking work on the log (SQLite reads and writes, the head's file lock and its fsync)
    /// on a thread of its own and awaits its result, so an async caller (the CLI's push and push
    /// status) never holds a thread of Swift's cooperative pool while the disk or another process's
    /// lock makes it wait (issue 46).
    ///
    /// ```swift
    /// let batch = try await AuditLog.offPool { try log.pushBatch(after: 0, limit: 500) }
    /// ```
    public static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.name = "stroke-triage audit log"
            thread.start()
        }
    }
}
