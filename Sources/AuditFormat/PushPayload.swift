import Foundation

/// A log head: the last sequence and its hash (sequence 0 with 32 zero bytes for an empty log).
public struct PushHead: Codable, Sendable, Hashable {
    /// The last record's sequence.
    public let sequence: Int64
    /// The last record's hash.
    public let hash: Data

    /// Creates a head.
    public init(sequence: Int64, hash: Data) {
        self.sequence = sequence
        self.hash = hash
    }
}

/// The body of `POST /v1/push`: a bounded batch of consecutive records and the device's current head.
public struct PushRequest: Codable, Sendable, Hashable {
    /// Consecutive records in ascending sequence (may be empty to report the head only).
    public let records: [AuditRecord]
    /// The device's current log head (at or after the batch's last record).
    public let head: PushHead
    /// The device's signed head for `head` (its log id, erasure count and key epoch), when sent
    /// (in `AuditWireForm.push`: the fields of `audit head --json` without `format`, `version` and `time`).
    public let signedHead: AuditHead?
    /// Data keys of these records wrapped to the organisation key, when one is configured.
    public let wrappedKeys: [WrappedDataKey]?
    /// Identifiers of data keys the device destroyed (crypto-shredding): the collector deletes their wrapped copies.
    public let erasedKeyIds: [String]?

    /// Creates a push body.
    public init(records: [AuditRecord], head: PushHead, signedHead: AuditHead? = nil,
                wrappedKeys: [WrappedDataKey]? = nil, erasedKeyIds: [String]? = nil) {
        self.records = records
        self.head = head
        self.signedHead = signedHead
        self.wrappedKeys = wrappedKeys
        self.erasedKeyIds = erasedKeyIds
    }
}

/// The collector's answer to an accepted push (HTTP 200).
public struct PushAcknowledgement: Codable, Sendable, Hashable {
    /// Records newly stored by this push.
    public let accepted: Int
    /// Records already stored identically (a re-push changes nothing).
    public let duplicates: Int
    /// The head the collector now holds for the device.
    public let head: PushHead

    /// Creates an acknowledgement.
    public init(accepted: Int, duplicates: Int, head: PushHead) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.head = head
    }
}

/// The collector's answer to a refused request: `{"error":{"code":…,"message":…}}`.
public struct RefusalBody: Codable, Sendable, Hashable {
    /// The code and message.
    public struct Detail: Codable, Sendable, Hashable {
        /// Stable dotted reason, e.g. `chain.gap`.
        public let code: String
        /// One English sentence for operators (never patient data).
        public let message: String
    }

    /// The refusal.
    public let error: Detail

    /// Creates a refusal body.
    public init(code: String, message: String) {
        self.error = Detail(code: code, message: message)
    }
}
