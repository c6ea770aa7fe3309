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
        /// Records after the last one present were signed in a checkpoint (truncated tail).
        case truncated
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
