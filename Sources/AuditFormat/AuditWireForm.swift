import Foundation
import StrokeJSON

/// The JSON forms of an `AuditRecord` and an `AuditHead` on the wire, chosen
/// by the encoder's or decoder's `userInfo[.auditWireForm]` (absent: `.push`).
///
/// | value | `.push` (`POST /v1/push`) | `.export` (`records.jsonl`, `heads.jsonl`) |
/// | --- | --- | --- |
/// | record `ciphertext` | base64 | base64 |
/// | record `previousHash`, `hash` | base64 | lower-case hex |
/// | head `logId`, `chainHash` | lower-case hex | lower-case hex |
/// | head `publicKey`, `signature` | base64 | base64 |
/// | head `format`, `version` | absent | `stroke-triage-audit-head`, 1 |
///
/// The head file and `audit head --json` are `AuditHead.json` (documented key
/// order, with the informative `time`), not a `Codable` form.
public enum AuditWireForm: Sendable, Hashable {
    /// A push body: binary values as the encoder's data strategy writes them (base64).
    case push
    /// A fleet export's JSON Lines: hashes as hex, heads with their format and version.
    case export

    /// The form an encoder or decoder asks for (`.push` when it names none).
    static func of(_ userInfo: [CodingUserInfoKey: Any]) -> AuditWireForm {
        userInfo[.auditWireForm] as? AuditWireForm ?? .push
    }
}

extension CodingUserInfoKey {
    /// The `AuditWireForm` an encoder or decoder writes or reads audit records and heads in.
    public static let auditWireForm = CodingUserInfoKey(rawValue: "stroke-triage.audit-wire-form")!
}

extension AuditRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case sequence, timestampMs, type, dataKeyId, ciphertext, previousHash, hash
    }

    /// Writes the record in the encoder's `AuditWireForm`.
    public func encode(to encoder: any Encoder) throws {
        let hex = AuditWireForm.of(encoder.userInfo) == .export
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(timestampMs, forKey: .timestampMs)
        try container.encode(type, forKey: .type)
        try container.encode(dataKeyId, forKey: .dataKeyId)
        if hex {
            try container.encode(ciphertext.base64EncodedString(), forKey: .ciphertext)
            try container.encode(Hex.encode(previousHash), forKey: .previousHash)
            try container.encode(Hex.encode(hash), forKey: .hash)
        } else {
            try container.encode(ciphertext, forKey: .ciphertext)
            try container.encode(previousHash, forKey: .previousHash)
            try container.encode(hash, forKey: .hash)
        }
    }

    /// Reads the record in the decoder's `AuditWireForm` (lengths are checked by the chain checks, not here).
    public init(from decoder: any Decoder) throws {
        let hex = AuditWireForm.of(decoder.userInfo) == .export
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func bytes(_ key: CodingKeys) throws -> Data {
            guard hex else { return try container.decode(Data.self, forKey: key) }
            return try Hex.decoding(container.decode(String.self, forKey: key), key, in: container)
        }
        let ciphertext: Data
        if hex {
            guard let data = Data(base64Encoded: try container.decode(String.self, forKey: .ciphertext)) else {
                throw DecodingError.dataCorruptedError(forKey: .ciphertext, in: container, debugDescription: "not base64")
            }
            ciphertext = data
        } else {
            ciphertext = try container.decode(Data.self, forKey: .ciphertext)
        }
        self.init(sequence: try container.decode(Int64.self, forKey: .sequence),
                  timestampMs: try container.decode(Int64.self, forKey: .timestampMs),
                  type: try container.decode(String.self, forKey: .type),
                  dataKeyId: try container.decode(String.self, forKey: .dataKeyId),
                  ciphertext: ciphertext, previousHash: try bytes(.previousHash), hash: try bytes(.hash))
    }
}

extension AuditHead: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, version, logId, sequence, chainHash, erasedKeys, keyEpoch, timeMs, publicKey, signature
    }

    /// Writes the head in the encoder's `AuditWireForm`.
    public func encode(to encoder: any Encoder) throws {
        let form = AuditWireForm.of(encoder.userInfo)
        var container = encoder.container(keyedBy: CodingKeys.self)
        if form == .export {
            try container.encode(Self.format, forKey: .format)
            try container.encode(1, forKey: .version)
        }
        try container.encode(logIDHex, forKey: .logId)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(Hex.encode(chainHash), forKey: .chainHash)
        try container.encode(erasedKeys, forKey: .erasedKeys)
        try container.encode(keyEpoch, forKey: .keyEpoch)
        try container.encode(timeMs, forKey: .timeMs)
        if form == .export {
            try container.encode(publicKey.base64EncodedString(), forKey: .publicKey)
            try container.encode(signature.base64EncodedString(), forKey: .signature)
        } else {
            try container.encode(publicKey, forKey: .publicKey)
            try container.encode(signature, forKey: .signature)
        }
    }

    /// Reads the head in the decoder's `AuditWireForm` (the signature is not checked here).
    ///
    /// In a push, a `logId` or `chainHash` that is not lower-case hex reads as no bytes, so the
    /// collector refuses the head as not verifying (422 `head.invalid`, docs/server.md) rather than
    /// the body as unreadable; text holding U+0000 (which PostgreSQL cannot store) is unreadable.
    /// In an export both must be hex and the head must name its format and version 1.
    public init(from decoder: any Decoder) throws {
        let form = AuditWireForm.of(decoder.userInfo)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func hex(_ key: CodingKeys) throws -> Data {
            let text = try container.decode(String.self, forKey: key)
            if form == .export { return try Hex.decoding(text, key, in: container) }
            guard !text.utf8.contains(0) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "holds U+0000")
            }
            return Hex.decode(text, lowercaseOnly: true) ?? Data()
        }
        func base64(_ key: CodingKeys) throws -> Data {
            guard form == .export else { return try container.decode(Data.self, forKey: key) }
            guard let data = Data(base64Encoded: try container.decode(String.self, forKey: key)) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not base64")
            }
            return data
        }
        if form == .export {
            guard try container.decode(String.self, forKey: .format) == Self.format,
                  try container.decode(Int.self, forKey: .version) == 1 else {
                throw DecodingError.dataCorruptedError(forKey: .format, in: container, debugDescription: "not a version 1 head")
            }
        }
        self.init(logID: try hex(.logId), sequence: try container.decode(Int64.self, forKey: .sequence),
                  chainHash: try hex(.chainHash), erasedKeys: try container.decode(Int64.self, forKey: .erasedKeys),
                  keyEpoch: try container.decode(Int64.self, forKey: .keyEpoch),
                  timeMs: try container.decode(Int64.self, forKey: .timeMs),
                  publicKey: try base64(.publicKey), signature: try base64(.signature))
    }
}

extension Hex {
    /// The bytes of lower-case hex `text`, or a decoding error naming `key`.
    static func decoding<Key: CodingKey>(_ text: String, _ key: Key, in container: KeyedDecodingContainer<Key>) throws -> Data {
        guard let data = Hex.decode(text, lowercaseOnly: true) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not lower-case hex")
        }
        return data
    }
}
