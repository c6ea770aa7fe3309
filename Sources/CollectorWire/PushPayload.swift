import Foundation

/// One audit record as a device stores it, sent to the collector unchanged
/// (the collector never sees plaintext). Binary fields are base64 in JSON.
public struct PushRecord: Codable, Sendable, Hashable {
    /// The record's sequence number in the device's log (first record: 1).
    public let sequence: Int64
    /// The record's timestamp, ms since 1970 (UTC), as hashed.
    public let timestampMs: Int64
    /// The event type, as hashed (e.g. `assessment.result`).
    public let type: String
    /// Identifier of the data key that sealed the payload (for erasure).
    public let dataKeyId: String
    /// The sealed payload `nonce(12) ‖ ciphertext ‖ tag(16)`, exactly as stored.
    public let ciphertext: Data
    /// The hash of the previous record (32 zero bytes before the first record).
    public let previousHash: Data
    /// The record's chain hash (`AuditLayout.recordHash`).
    public let hash: Data

    /// Creates a record from its stored columns.
    public init(sequence: Int64, timestampMs: Int64, type: String, dataKeyId: String, ciphertext: Data,
                previousHash: Data, hash: Data) {
        self.sequence = sequence
        self.timestampMs = timestampMs
        self.type = type
        self.dataKeyId = dataKeyId
        self.ciphertext = ciphertext
        self.previousHash = previousHash
        self.hash = hash
    }
}

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
    public let records: [PushRecord]
    /// The device's current log head (at or after the batch's last record).
    public let head: PushHead
    /// The device's signed head for `head` (its log id, erasure count and key epoch), when sent.
    public let signedHead: PushSignedHead?
    /// Data keys of these records wrapped to the organisation key, when one is configured.
    public let wrappedKeys: [WrappedDataKey]?
    /// Identifiers of data keys the device destroyed (crypto-shredding): the collector deletes their wrapped copies.
    public let erasedKeyIds: [String]?

    /// Creates a push body.
    public init(records: [PushRecord], head: PushHead, signedHead: PushSignedHead? = nil,
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
