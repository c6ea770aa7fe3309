import Crypto
import Foundation
import StrokeJSON

/// A signed statement of a log's head, made after every committed write:
/// "log `logID` had `sequence` records, the last one hashed to `chainHash`,
/// `erasedKeys` data keys were destroyed, under key epoch `keyEpoch`", signed
/// with Ed25519 (the message is `AuditLayout.headMessage`).
///
/// It is kept in the database, in the head file outside it (`audit.head`), in
/// every export manifest, and wherever a witness keeps `audit head --json`.
public struct AuditHead: Sendable, Hashable {
    /// The log's 128-bit identity (16 bytes), chosen at random when it was created.
    public let logID: Data
    /// The last sequence number (0 for an empty log).
    public let sequence: Int64
    /// The hash of that record (32 zero bytes for an empty log).
    public let chainHash: Data
    /// How many data keys had been destroyed (crypto-shredded).
    public let erasedKeys: Int64
    /// The key file's epoch that signed it (1, raised by every rotation).
    public let keyEpoch: Int64
    /// When it was signed, ms since 1970 UTC.
    public let timeMs: Int64
    /// The raw 32-byte Ed25519 public key that signed it.
    public let publicKey: Data
    /// The 64-byte Ed25519 signature over `message`.
    public let signature: Data

    /// The `format` member of the head file, `audit head --json` and an export's `heads.jsonl`.
    public static let format = "stroke-triage-audit-head"

    /// The bytes that were signed.
    public var message: Data {
        AuditLayout.headMessage(logID: logID, sequence: sequence, chainHash: chainHash, erasedKeys: erasedKeys,
                                keyEpoch: keyEpoch, timeMs: timeMs)
    }

    /// The log id as 32 lower-case hex digits.
    public var logIDHex: String { Hex.encode(logID) }

    /// True when the signature is valid under its own public key and that key is one of `trusted`.
    public func isSigned(byOneOf trusted: [Data]) -> Bool {
        trusted.contains(publicKey) && SignedMessage.isValid(signature, of: message, publicKey: publicKey)
    }

    /// Signs a head with `key` (the log's own signing; public so a device simulator signs heads exactly alike).
    public static func sign(logID: Data, sequence: Int64, chainHash: Data, erasedKeys: Int64, keyEpoch: Int64, timeMs: Int64,
                     with key: Curve25519.Signing.PrivateKey) throws -> AuditHead {
        let message = AuditLayout.headMessage(logID: logID, sequence: sequence, chainHash: chainHash, erasedKeys: erasedKeys,
                                              keyEpoch: keyEpoch, timeMs: timeMs)
        return AuditHead(logID: logID, sequence: sequence, chainHash: chainHash, erasedKeys: erasedKeys, keyEpoch: keyEpoch,
                         timeMs: timeMs, publicKey: key.publicKey.rawRepresentation, signature: try key.signature(for: message))
    }

    /// The head as one line of JSON, keys in documented order (the head file,
    /// `audit head --json`, the manifest's `head`); `time` is informative only.
    public var json: String { jsonValue.serialized() }

    /// The head as a JSON value, keys in documented order.
    public var jsonValue: JSONValue {
        .object([
            ("format", .string(Self.format)), ("version", .integer(1)), ("logId", .string(logIDHex)),
            ("sequence", .integer(Int(sequence))), ("chainHash", .string(Hex.encode(chainHash))),
            ("erasedKeys", .integer(Int(erasedKeys))), ("keyEpoch", .integer(Int(keyEpoch))), ("timeMs", .integer(Int(timeMs))),
            ("time", .string(UTCTime.iso(timeMs))), ("publicKey", .string(publicKey.base64EncodedString())),
            ("signature", .string(signature.base64EncodedString())),
        ])
    }

    /// Parses the JSON form (a head file, a saved `audit head --json`, a manifest's `head`).
    /// Returns nil when it is not a well-formed head (the signature is not checked here).
    public init?(json data: Data) {
        guard let value = try? JSONValue(parsing: Array(data)) else { return nil }
        self.init(value: value)
    }

    /// Parses an already read JSON value.
    public init?(value root: JSONValue) {
        func int64(_ key: String) -> Int64? { root[key]?.intValue.map(Int64.init) }
        func bytes(_ key: String, hex: Bool, count: Int) -> Data? {
            guard let text = root[key]?.stringValue,
                  let data = hex ? Hex.decode(text[...]) : Data(base64Encoded: text), data.count == count else { return nil }
            return data
        }
        guard root["format"]?.stringValue == Self.format, root["version"]?.intValue == 1,
              let logID = bytes("logId", hex: true, count: 16),
              let sequence = int64("sequence"), sequence >= 0,
              let chainHash = bytes("chainHash", hex: true, count: 32),
              let erased = int64("erasedKeys"), let epoch = int64("keyEpoch"), let time = int64("timeMs"),
              let publicKey = bytes("publicKey", hex: false, count: 32),
              let signature = bytes("signature", hex: false, count: 64) else {
            return nil
        }
        self.init(logID: logID, sequence: sequence, chainHash: chainHash, erasedKeys: erased, keyEpoch: epoch,
                  timeMs: time, publicKey: publicKey, signature: signature)
    }

    /// Creates a head from its fields (no signing).
    public init(logID: Data, sequence: Int64, chainHash: Data, erasedKeys: Int64, keyEpoch: Int64, timeMs: Int64,
         publicKey: Data, signature: Data) {
        self.logID = logID
        self.sequence = sequence
        self.chainHash = chainHash
        self.erasedKeys = erasedKeys
        self.keyEpoch = keyEpoch
        self.timeMs = timeMs
        self.publicKey = publicKey
        self.signature = signature
    }

    /// Parses an Ed25519 public key given as base64 text of its raw 32 bytes, or as the
    /// path of a file holding that text (as `stroke-triage audit public-key` prints it);
    /// `nil` when it is neither.
    public static func publicKey(fromText text: String) -> Data? {
        var candidate = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if FileManager.default.fileExists(atPath: candidate), let contents = try? String(contentsOfFile: candidate, encoding: .utf8) {
            candidate = contents.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let raw = Data(base64Encoded: candidate), raw.count == 32,
              (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil else { return nil }
        return raw
    }
}
