import AuditFormat
import Foundation

/// The outcome of verifying a log or an export.
public struct AuditVerification: Sendable {
    /// Records checked.
    public var records: Int = 0
    /// Records whose payload key was erased (chain checked, payload not readable).
    public var erasedRecords: Int = 0
    /// Checkpoints checked.
    public var checkpoints: Int = 0
    /// The last sequence number seen (0 when empty).
    public var headSequence: Int64 = 0
    /// The log's id (hex), when it has one.
    public var logID: String?
    /// The newest signed head checked (the database's or the head file's).
    public var head: AuditHead?
    /// Where a log from before signed heads was upgraded: records up to this
    /// sequence were written when only checkpoints guarded the tail and erasures.
    public var upgradedAtSequence: Int64?
    /// Where a new log was started with `audit init --new-log` over logs its key file had
    /// signed: the `audit.newLog` record (nil when the log was started normally).
    public var newLog: NewLogStart?
    /// The first problem found, by sequence number; nil when intact.
    public var problem: AuditProblem?

    /// An empty result (nothing checked yet).
    public init() {}

    /// True when nothing was wrong.
    public var isIntact: Bool { problem == nil }
}

/// An `audit.newLog` record, as verify reports it.
public struct NewLogStart: Sendable, Hashable {
    /// The record's sequence number (1 for a log started this way).
    public var sequence: Int64
    /// The ids (hex) of the logs the key file had signed before.
    public var previousLogs: [String]
    /// The head file found then: `missing`, `unreadable`, or `log <id> at sequence <n>`.
    public var previousHead: String

    /// Creates the record's report.
    public init(sequence: Int64, previousLogs: [String], previousHead: String) {
        self.sequence = sequence
        self.previousLogs = previousLogs
        self.previousHead = previousHead
    }
}
