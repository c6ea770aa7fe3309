import AuditFormat
import Crypto
import Foundation

/// A receiving hospital's public key as a board prints it and
/// `relay add-hospital --public-key` takes it:
/// `sthk1.<base64 raw X25519 public key>.<base64 raw Ed25519 public key>`.
///
/// The X25519 key receives cases (HPKE sealing to the hospital); the Ed25519
/// key authenticates the board's requests to the relay.
public struct HospitalPublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The text's prefix, naming the format's version.
    public static let prefix = "sthk1"

    /// The X25519 key cases are sealed to (raw 32 bytes).
    public let agreementKey: Data
    /// The Ed25519 key that signs the board's requests (raw 32 bytes).
    public let signingKey: Data

    /// Wraps two raw 32-byte keys.
    /// - Throws: `CaseWireError.hospitalKeyInvalid` when either is not a valid key.
    public init(agreementKey: Data, signingKey: Data) throws(CaseWireError) {
        guard (try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: agreementKey)) != nil,
              (try? Curve25519.Signing.PublicKey(rawRepresentation: signingKey)) != nil,
              agreementKey.count == 32, signingKey.count == 32 else { throw .hospitalKeyInvalid }
        self.agreementKey = agreementKey
        self.signingKey = signingKey
    }

    /// Parses `sthk1.<b64>.<b64>` (surrounding white space ignored).
    /// - Throws: `CaseWireError.hospitalKeyInvalid`.
    public init(_ text: String) throws(CaseWireError) {
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.prefix,
              let agreement = Data(base64Encoded: String(parts[1])), let signing = Data(base64Encoded: String(parts[2])) else {
            throw .hospitalKeyInvalid
        }
        try self.init(agreementKey: agreement, signingKey: signing)
    }

    /// The `sthk1.…` text.
    public var description: String {
        "\(Self.prefix).\(agreementKey.base64EncodedString()).\(signingKey.base64EncodedString())"
    }

    /// The X25519 key as a CryptoKit key.
    var agreementPublicKey: Curve25519.KeyAgreement.PublicKey {
        // Validated in init.
        try! Curve25519.KeyAgreement.PublicKey(rawRepresentation: agreementKey)
    }
}

/// A hospital board's two private keys (X25519 to open cases, Ed25519 to sign
/// requests), as `board keygen` writes them to a 0600 file:
/// `{"format":"stroke-triage-hospital-key","version":1,"agreementKey":"<b64>","signingKey":"<b64>"}`.
public struct HospitalKeyPair: Sendable {
    /// The file format's name.
    public static let format = "stroke-triage-hospital-key"

    /// Opens cases sealed to this hospital.
    public let agreementKey: Curve25519.KeyAgreement.PrivateKey
    /// Signs the board's requests to the relay.
    public let signingKey: Curve25519.Signing.PrivateKey

    /// A new random key pair.
    public init() {
        agreementKey = Curve25519.KeyAgreement.PrivateKey()
        signingKey = Curve25519.Signing.PrivateKey()
    }

    /// Wraps existing private keys.
    public init(agreementKey: Curve25519.KeyAgreement.PrivateKey, signingKey: Curve25519.Signing.PrivateKey) {
        self.agreementKey = agreementKey
        self.signingKey = signingKey
    }

    /// The public half, as the relay registers it.
    public var publicKey: HospitalPublicKey {
        try! HospitalPublicKey(agreementKey: agreementKey.publicKey.rawRepresentation,
                               signingKey: signingKey.publicKey.rawRepresentation)
    }

    private struct File: Codable {
        let format: String
        let version: Int
        let agreementKey: Data
        let signingKey: Data
    }

    /// The key file's bytes (JSON, sorted keys, trailing newline). Holds private keys: write it 0600.
    public func fileData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let file = File(format: Self.format, version: 1, agreementKey: agreementKey.rawRepresentation,
                        signingKey: signingKey.rawRepresentation)
        return (try! encoder.encode(file)) + Data("\n".utf8)
    }

    /// Reads a key file's bytes.
    /// - Throws: `CaseWireError.keyFileInvalid`.
    public init(fileData: Data) throws(CaseWireError) {
        guard let file = try? JSONDecoder().decode(File.self, from: fileData), file.format == Self.format, file.version == 1,
              let agreement = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: file.agreementKey),
              let signing = try? Curve25519.Signing.PrivateKey(rawRepresentation: file.signingKey) else {
            throw .keyFileInvalid
        }
        self.init(agreementKey: agreement, signingKey: signing)
    }
}

/// A hospital board's signature on its requests to the relay: the device
/// scheme of `AuditFormat.RequestSignature` (same message, same
/// `Stroke-Timestamp`, `Stroke-Nonce`, `Stroke-Signature` headers) with
/// `Stroke-Hospital: <id>` instead of `Stroke-Device`, the hospital id as the
/// message's last line and the board's Ed25519 key.
public enum HospitalRequestSignature {
    /// Header naming the hospital.
    public static let hospitalHeader = "Stroke-Hospital"

    /// Signs a request with the board's key and returns its headers (name, value), sorted by name.
    public static func sign(method: String, path: String, body: Data, hospitalId: String, timestampMs: Int64,
                            nonce: String = RequestSignature.makeNonce(),
                            key: Curve25519.Signing.PrivateKey) throws -> [(String, String)] {
        let message = RequestSignature.message(method: method, path: path, body: body, timestampMs: timestampMs,
                                               nonce: nonce, device: hospitalId)
        let signature = try key.signature(for: message)
        return [(hospitalHeader, hospitalId), (RequestSignature.nonceHeader, nonce),
                (RequestSignature.signatureHeader, signature.base64EncodedString()),
                (RequestSignature.timestampHeader, String(timestampMs))]
    }
}
