import Crypto
import Foundation
import StrokeJSON

/// Sealing and opening a data key for the organisation key (HPKE, as
/// `WrappedDataKey`'s documentation states): the device seals, the medical
/// director (holding the X25519 private key offline) opens; the collector
/// only stores the result.
extension HPKE.Ciphersuite {
    /// The one HPKE suite of the package, `Curve25519_SHA256_AES_GCM_256`: X25519 KEM, HKDF-SHA256,
    /// AES-256-GCM (RFC 9180 ids 0x0020, 0x0001, 0x0002), base mode. Data keys wrapped to the
    /// organisation key (`WrappedDataKey`) and cases sealed to a hospital (CaseWire's `SealedCase`) use it.
    public static let strokeTriage = HPKE.Ciphersuite(kem: .Curve25519_HKDF_SHA256, kdf: .HKDF_SHA256, aead: .AES_GCM_256)
}

extension WrappedDataKey {
    /// The organisation key's identifier: lower-case hex SHA-256 of its raw 32 bytes.
    public static func orgKeyId(_ key: Curve25519.KeyAgreement.PublicKey) -> String {
        Hex.encode(SHA256.hash(data: key.rawRepresentation))
    }

    /// Seals a raw data key to the organisation's public key, bound to its id.
    /// - Parameters:
    ///   - rawKey: the 32-byte data key (never stored or logged by this function).
    ///   - dataKeyId: the records' `dataKeyId` (the associated data).
    ///   - orgKey: the organisation's X25519 public key.
    public static func seal(rawKey: Data, dataKeyId: String, to orgKey: Curve25519.KeyAgreement.PublicKey) throws -> WrappedDataKey {
        var sender = try HPKE.Sender(recipientKey: orgKey, ciphersuite: .strokeTriage, info: hpkeInfo)
        let sealed = try sender.seal(rawKey, authenticating: Data(dataKeyId.utf8))
        return WrappedDataKey(dataKeyId: dataKeyId, orgKeyId: orgKeyId(orgKey), encapsulatedKey: sender.encapsulatedKey,
                              ciphertext: sealed)
    }

    /// Opens the wrapped key with the organisation's private key: the data key
    /// that opens the records' payloads (AES-256-GCM, see docs/audit-format.md).
    /// - Throws: when the key is not the one it was wrapped to, or anything was changed.
    public func open(with orgKey: Curve25519.KeyAgreement.PrivateKey) throws -> SymmetricKey {
        var recipient = try HPKE.Recipient(privateKey: orgKey, ciphersuite: .strokeTriage, info: Self.hpkeInfo,
                                           encapsulatedKey: encapsulatedKey)
        let raw = try recipient.open(ciphertext, authenticating: Data(dataKeyId.utf8))
        guard raw.count == 32 else { throw CryptoKitError.incorrectKeySize }
        return SymmetricKey(data: raw)
    }

    /// Parses an organisation public key: base64 of the raw 32 bytes, or a file holding that text.
    /// - Returns: nil when neither gives a valid X25519 public key.
    public static func parseOrgPublicKey(_ text: String) -> Curve25519.KeyAgreement.PublicKey? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let raw = Data(base64Encoded: trimmed), raw.count == 32,
           let key = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: raw) {
            return key
        }
        guard !trimmed.isEmpty, let data = FileManager.default.contents(atPath: trimmed),
              let content = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              let raw = Data(base64Encoded: content), raw.count == 32 else { return nil }
        return try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: raw)
    }
}
