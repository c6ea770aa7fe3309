import Foundation

/// Proof that an event was written: its sequence number, time and hash.
public struct AuditReceipt: Sendable, Hashable {
    /// The record's sequence number (1, 2, …, no gaps).
    public let sequence: Int64
    /// Its UTC timestamp in milliseconds since 1970.
    public let timestampMs: Int64
    /// Its chain hash (32 bytes).
    public let hash: Data
}
