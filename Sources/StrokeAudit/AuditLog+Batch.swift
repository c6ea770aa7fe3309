import Foundation
import GRDB

extension AuditLog {
    /// Appends many events of one type in a single durable transaction
    /// (bulk imports, benchmarks); same chain, encryption and receipts as `append`.
    /// - Returns: the receipt of the last event, or nil when `payloads` is empty.
    @discardableResult
    public func appendBatch<S: Sequence<Data>>(_ type: AuditEventType, payloads: S, assessment: String? = nil) throws -> AuditReceipt? {
        try write { db in
            var last: AuditReceipt?
            for payload in payloads { last = try insert(db, type, payload: payload, assessment: assessment) }
            return last
        }.0
    }
}
