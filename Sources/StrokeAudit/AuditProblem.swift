/// The first bad place in a chain.
public struct AuditProblem: Sendable, Hashable {
    /// What is wrong; the raw value is stable (JSON, localization key `audit.problem.<raw>`).
    public enum Reason: String, Sendable, Hashable {
        /// A sequence number is missing (a deleted record).
        case missingRecord
        /// The record's previous hash is not the hash of the record before it.
        case brokenLink
        /// The stored hash is not the hash of the record's fields.
        case hashMismatch
        /// The payload does not authenticate under its key (forged or moved record).
        case payloadUnreadable
        /// A checkpoint's head hash differs from the chain at that sequence.
        case checkpointMismatch
        /// A checkpoint's signature is invalid or by an unknown key.
        case checkpointSignature
        /// The log ends before the sequence of a signed checkpoint or head (records cut off or deleted).
        case truncated
        /// The chain's hash at a signed head's sequence differs from the head (another history).
        case forked
        /// The head file is missing or unreadable while the log holds records.
        case headMissing
        /// The log holds no records, but a signed head says it had some.
        case emptyWithHead
        /// The database is missing although the key file has signed a log (deleted with its head file).
        case logDeleted
        /// A data key was destroyed without a signed `audit.erased` event naming it.
        case unrecordedErasure
        /// The log (and its head file) end before an external signed head: an older copy was put back.
        case rolledBack
        /// A signed head's signature is invalid or from an unknown key.
        case headSignature
        /// The head belongs to another log (its log id differs).
        case foreignLog
        /// A line of an export cannot be parsed.
        case malformedRecord
        /// The export file's SHA-256 differs from the manifest.
        case exportHashMismatch
        /// The manifest's signature or record range does not match.
        case manifestMismatch
    }

    /// The first bad sequence number.
    public let sequence: Int64
    /// Why it is bad.
    public let reason: Reason

    /// Creates a problem.
    public init(sequence: Int64, reason: Reason) {
        self.sequence = sequence
        self.reason = reason
    }
}

extension AuditProblem.Reason {
    /// True when the records present are consistent in themselves but disagree
    /// with a signed head or checkpoint (`audit verify` exits 1), rather than
    /// being damaged (exit 65).
    public var isHeadDisagreement: Bool {
        switch self {
        case .truncated, .forked, .headMissing, .emptyWithHead, .logDeleted, .unrecordedErasure, .rolledBack, .headSignature, .foreignLog: true
        default: false
        }
    }
}
