import Crypto
import Foundation

/// The exact bytes that are authenticated, hashed and signed (documented in
/// the README for independent verifiers). Integers are big-endian; strings are
/// UTF-8 with a length prefix; hashes are raw 32-byte SHA-256 digests.
public enum AuditLayout {
    /// The previous hash of the first record: 32 zero bytes.
    public static let genesisHash = Data(repeating: 0, count: 32)
    /// Domain prefix of a checkpoint's signed message.
    public static let checkpointDomain = Data("stroke-triage/audit/checkpoint/v1".utf8)
    /// Domain prefix of an export manifest's signed message (version 1 manifests).
    public static let exportDomain = Data("stroke-triage/audit/export/v1".utf8)
    /// Domain prefix of an export manifest's signed message (version 2: binds the signed head).
    public static let exportDomainV2 = Data("stroke-triage/audit/export/v2".utf8)
    /// Domain prefix of a signed head's message.
    public static let headDomain = Data("stroke-triage/audit/head/v1".utf8)
    /// Associated data of a wrapped data key (followed by the key's id).
    public static let wrapDomain = Data("stroke-triage/audit/data-key/v1".utf8)
    /// Associated data of a passphrase-sealed key file.
    public static let keyFileDomain = Data("stroke-triage/audit/key-file/v1".utf8)
    /// Message of a master key's check value (HMAC-SHA256 under the key).
    public static let keyCheckDomain = Data("stroke-triage/audit/key-check/v1".utf8)

    /// `u64 sequence ‖ i64 timestamp ‖ u16 len(type) ‖ type ‖ prevHash(32)`:
    /// the AES-GCM associated data of a record's payload.
    public static func associatedData(sequence: Int64, timestamp: Int64, type: String, previousHash: Data) -> Data {
        var out = header(sequence: sequence, timestamp: timestamp, type: type)
        out.append(previousHash)
        return out
    }

    /// `SHA-256(u64 sequence ‖ i64 timestamp ‖ u16 len(type) ‖ type ‖ u32 len(ct) ‖ ct ‖ prevHash(32))`,
    /// where `ct` is the sealed payload `nonce(12) ‖ ciphertext ‖ tag(16)`.
    public static func recordHash(sequence: Int64, timestamp: Int64, type: String, ciphertext: Data, previousHash: Data) -> Data {
        recordHash(header: header(sequence: sequence, timestamp: timestamp, type: type), ciphertext: ciphertext, previousHash: previousHash)
    }

    /// `recordHash` from a precomputed `header` (shared with the associated data).
    public static func recordHash(header: Data, ciphertext: Data, previousHash: Data) -> Data {
        var hasher = SHA256()
        hasher.update(data: header)
        hasher.update(data: bigEndian(UInt32(ciphertext.count)))
        hasher.update(data: ciphertext)
        hasher.update(data: previousHash)
        return Data(hasher.finalize())
    }

    /// `"stroke-triage/audit/checkpoint/v1" ‖ u64 sequence ‖ headHash(32) ‖ i64 createdMs`.
    public static func checkpointMessage(sequence: Int64, headHash: Data, createdMs: Int64) -> Data {
        var out = checkpointDomain
        out.append(bigEndian(UInt64(bitPattern: sequence)))
        out.append(headHash)
        out.append(bigEndian(UInt64(bitPattern: createdMs)))
        return out
    }

    /// `"stroke-triage/audit/export/v1" ‖ exportSHA256(32) ‖ u64 first ‖ u64 last ‖
    /// firstPrevHash(32) ‖ lastHash(32) ‖ u64 checkpointSequence ‖ checkpointHash(32)`.
    /// An empty export has first = last = 0 and zero hashes.
    public static func exportMessage(exportSHA256: Data, first: Int64, last: Int64, firstPreviousHash: Data,
                                     lastHash: Data, checkpointSequence: Int64, checkpointHash: Data) -> Data {
        var out = exportDomain
        out.append(exportSHA256)
        out.append(bigEndian(UInt64(bitPattern: first)))
        out.append(bigEndian(UInt64(bitPattern: last)))
        out.append(firstPreviousHash)
        out.append(lastHash)
        out.append(bigEndian(UInt64(bitPattern: checkpointSequence)))
        out.append(checkpointHash)
        return out
    }

    /// `"stroke-triage/audit/head/v1" ‖ logId(16) ‖ u64 sequence ‖ chainHash(32) ‖ u64 erasedKeys ‖
    /// u64 keyEpoch ‖ i64 timeMs`: the message of a signed head.
    public static func headMessage(logID: Data, sequence: Int64, chainHash: Data, erasedKeys: Int64,
                                   keyEpoch: Int64, timeMs: Int64) -> Data {
        var out = headDomain
        out.append(logID)
        out.append(bigEndian(UInt64(bitPattern: sequence)))
        out.append(chainHash)
        out.append(bigEndian(UInt64(bitPattern: erasedKeys)))
        out.append(bigEndian(UInt64(bitPattern: keyEpoch)))
        out.append(bigEndian(UInt64(bitPattern: timeMs)))
        return out
    }

    /// `"stroke-triage/audit/export/v2" ‖` the version 1 body `‖ logId(16) ‖ head signature(64)`:
    /// a version 2 manifest's export signature also binds the signed head it carries.
    public static func exportMessageV2(exportSHA256: Data, first: Int64, last: Int64, firstPreviousHash: Data, lastHash: Data,
                                       checkpointSequence: Int64, checkpointHash: Data, logID: Data, headSignature: Data) -> Data {
        var out = exportDomainV2
        out.append(exportMessage(exportSHA256: exportSHA256, first: first, last: last, firstPreviousHash: firstPreviousHash,
                                 lastHash: lastHash, checkpointSequence: checkpointSequence,
                                 checkpointHash: checkpointHash).dropFirst(exportDomain.count))
        out.append(logID)
        out.append(headSignature)
        return out
    }

    /// Associated data of a wrapped data key: domain ‖ UTF-8 id.
    public static func wrapAssociatedData(keyID: String) -> Data {
        var out = wrapDomain
        out.append(Data(keyID.utf8))
        return out
    }

    /// `u64 sequence ‖ u64 timestamp ‖ u16 len(type) ‖ type`.
    public static func header(sequence: Int64, timestamp: Int64, type: String) -> Data {
        var out = Data(capacity: 64)
        out.append(bigEndian(UInt64(bitPattern: sequence)))
        out.append(bigEndian(UInt64(bitPattern: timestamp)))
        let typeBytes = Data(type.utf8)
        out.append(bigEndian(UInt16(typeBytes.count)))
        out.append(typeBytes)
        return out
    }

    public static func bigEndian<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }
}

/// The one Ed25519 check and the one text layout of the package's signed messages. Each message
/// is built by one function beside its format (`AuditLayout`'s binary ones; `RequestSignature`,
/// `KeyEndorsement` and CaseWire's `SealedCase` newline-joined ones; the fleet export's
/// `FleetExportLayout.signedMessage`) and checked here.
public enum SignedMessage {
    /// A text message: `lines` joined by `\n`, as UTF-8 (the first line names the format and its version).
    public static func text(_ lines: [String]) -> Data { Data(lines.joined(separator: "\n").utf8) }

    /// True when `signature` is an Ed25519 signature of `message` under the raw 32-byte `publicKey`;
    /// false for a key that is not one, and for a signature of another length than 64 bytes
    /// (swift-crypto answers false there, it does not trap).
    public static func isValid(_ signature: Data, of message: Data, publicKey: Data) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
        return key.isValidSignature(signature, for: message)
    }
}
