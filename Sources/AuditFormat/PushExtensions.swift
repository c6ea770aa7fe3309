import Foundation

/// One data key wrapped to the organisation's X25519 public key with HPKE
/// (`HPKE.Ciphersuite.strokeTriage`, base mode,
/// info `stroke-triage/org-key-wrap/v1`, the data key id's UTF-8 as the
/// associated data). Only the holder of the organisation's private key can
/// open it; the collector stores it and never can.
public struct WrappedDataKey: Codable, Sendable, Hashable {
    /// The data key's identifier, as in the records' `dataKeyId`.
    public let dataKeyId: String
    /// Lower-case hex SHA-256 of the organisation public key's raw 32 bytes (which key it is wrapped to).
    public let orgKeyId: String
    /// HPKE's encapsulated key (base64 in JSON).
    public let encapsulatedKey: Data
    /// The sealed 32-byte data key with its tag (base64 in JSON).
    public let ciphertext: Data

    /// Creates a wrapped key from its parts.
    public init(dataKeyId: String, orgKeyId: String, encapsulatedKey: Data, ciphertext: Data) {
        self.dataKeyId = dataKeyId
        self.orgKeyId = orgKeyId
        self.encapsulatedKey = encapsulatedKey
        self.ciphertext = ciphertext
    }

    /// The HPKE `info` string both ends use.
    public static let hpkeInfo = Data("stroke-triage/org-key-wrap/v1".utf8)
}

/// The collector's answer to `GET /v1/head` (a signed device request with an
/// empty body): what it holds for the asking device, so a push can resume
/// after the acknowledged sequence.
public struct HeadAnswer: Codable, Sendable, Hashable {
    /// The stored head (sequence 0 and 32 zero bytes before the first push).
    public let head: PushHead
    /// The log id bound to the device at its first push carrying a signed head, else nil.
    public let logId: String?

    /// Creates an answer.
    public init(head: PushHead, logId: String?) {
        self.head = head
        self.logId = logId
    }

    private enum CodingKeys: String, CodingKey { case head, logId }

    /// Writes `logId` always: `null` before a log is bound, never an absent member (docs/server.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(head, forKey: .head)
        try container.encode(logId, forKey: .logId)
    }
}
