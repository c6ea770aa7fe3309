import AuditFormat
import Crypto
import Foundation
import StrokeJSON

/// A case sealed to one hospital: HPKE base mode
/// (`Curve25519_SHA256_AES_GCM_256`, info `stroke-triage/prenotify/v1`,
/// associated data the UTF-8 of `caseId + "\n" + hospitalId`) over a
/// `CaseEnvelope` that carries the device's Ed25519 signature.
///
/// The relay stores and forwards the two binary parts and can read neither;
/// only the hospital's board opens them.
public struct SealedCase: Sendable, Hashable {
    /// HPKE's `info` string both ends use.
    public static let hpkeInfo = Data("stroke-triage/prenotify/v1".utf8)
    /// The package's one HPKE suite (`HPKE.Ciphersuite.strokeTriage`, defined with the push wire in AuditFormat).
    static let ciphersuite = HPKE.Ciphersuite.strokeTriage

    /// HPKE's encapsulated key.
    public let encapsulatedKey: Data
    /// The sealed envelope with its tag.
    public let ciphertext: Data

    /// Wraps the two parts as the relay hands them out.
    public init(encapsulatedKey: Data, ciphertext: Data) {
        self.encapsulatedKey = encapsulatedKey
        self.ciphertext = ciphertext
    }

    /// The associated data that binds a ciphertext to its case and hospital.
    public static func associatedData(caseId: String, hospitalId: String) -> Data {
        Data("\(caseId)\n\(hospitalId)".utf8)
    }

    /// Signs `caseJSON` with the device key and seals it to the hospital.
    /// - Parameters:
    ///   - caseJSON: the assessment exactly as the CLI's `--json` writes it (sent byte for byte).
    ///   - caseId: 32 lowercase hex digits chosen by the device.
    ///   - device: the device's registered name.
    ///   - signingKey: the device's Ed25519 key (the audit log's signing key).
    ///   - sentMs: when it was sealed, ms since 1970 UTC.
    /// - Throws: `CaseWireError` (`caseIdInvalid`, `hospitalIdInvalid`, `sealFailed`).
    public static func seal(caseJSON: Data, caseId: String, hospitalId: String, device: String,
                            signingKey: Curve25519.Signing.PrivateKey, to hospital: HospitalPublicKey,
                            sentMs: Int64) throws(CaseWireError) -> SealedCase {
        guard CaseIdentifiers.isValidCaseId(caseId) else { throw .caseIdInvalid }
        guard CaseIdentifiers.isValidName(hospitalId) else { throw .hospitalIdInvalid }
        let message = CaseEnvelope.signedMessage(caseId: caseId, hospitalId: hospitalId, device: device, sentMs: sentMs,
                                                 payload: caseJSON)
        do {
            let envelope = CaseEnvelope(caseId: caseId, hospitalId: hospitalId, device: device, sentMs: sentMs,
                                        devicePublicKey: signingKey.publicKey.rawRepresentation, payload: caseJSON,
                                        signature: try signingKey.signature(for: message))
            var sender = try HPKE.Sender(recipientKey: hospital.agreementPublicKey, ciphersuite: ciphersuite, info: hpkeInfo)
            let sealed = try sender.seal(try envelope.encoded(),
                                         authenticating: associatedData(caseId: caseId, hospitalId: hospitalId))
            // Copies, so callers index from 0 (HPKE may hand out slices).
            return SealedCase(encapsulatedKey: Data([UInt8](sender.encapsulatedKey)), ciphertext: Data([UInt8](sealed)))
        } catch {
            throw .sealFailed
        }
    }

    /// Opens a case on the board and judges it.
    ///
    /// The verdict is `valid` only when the envelope decrypts, names this case
    /// and hospital, its signature verifies, and its device public key equals
    /// the key `registeredKey` reports for the device it names.
    /// - Parameters:
    ///   - caseId: the case id the relay lists it under.
    ///   - hospitalId: this board's hospital id.
    ///   - keys: the board's private keys.
    ///   - registeredKey: the registered raw Ed25519 key of a device name (the relay registry's
    ///     `devicePublicKey` for the case's sender, or a trusted list), nil when unknown.
    public func open(caseId: String, hospitalId: String, with keys: HospitalKeyPair,
                     registeredKey: (String) -> Data?) -> OpenedCase {
        guard let recipient = try? HPKE.Recipient(privateKey: keys.agreementKey, ciphersuite: Self.ciphersuite,
                                                  info: Self.hpkeInfo, encapsulatedKey: encapsulatedKey) else {
            return OpenedCase(verdict: .undecryptable)
        }
        var opener = recipient
        guard let plaintext = try? opener.open(ciphertext, authenticating: Self.associatedData(caseId: caseId, hospitalId: hospitalId)),
              let envelope = CaseEnvelope(decoding: plaintext) else {
            return OpenedCase(verdict: .undecryptable)
        }
        guard envelope.caseId == caseId, envelope.hospitalId == hospitalId, envelope.isSignatureValid else {
            return OpenedCase(verdict: .signatureInvalid, envelope: envelope)
        }
        guard let registered = registeredKey(envelope.device) else {
            return OpenedCase(verdict: .unknownDevice, envelope: envelope)
        }
        guard registered == envelope.devicePublicKey else {
            return OpenedCase(verdict: .signatureInvalid, envelope: envelope)
        }
        return OpenedCase(verdict: .valid, envelope: envelope)
    }
}

/// The board's judgement of one case.
public enum CaseVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// Decrypted, signed by the device it names, under that device's registered key.
    case valid
    /// Decrypted, but the signature does not verify, does not match the case, or is not the device's registered key.
    case signatureInvalid
    /// Decrypted and signed, but the device it names has no registered key.
    case unknownDevice
    /// Not decryptable with this hospital's key (tampered, or sealed to another hospital or case).
    case undecryptable
    /// Decrypted and verified, but its content is not a valid case (not the case schema, or an impossible
    /// value such as a probability outside 0…1): set by the board's content check, never by `open`.
    case contentInvalid
}

/// What the board learns from opening a case. The case's content (`caseJSON`) is only
/// available when the verdict is `valid`: nothing unverified is ever shown.
public struct OpenedCase: Sendable, Hashable {
    /// The verdict.
    public let verdict: CaseVerdict
    /// The assessment JSON exactly as sent, only when `verdict == .valid`.
    public let caseJSON: Data?
    /// The device name inside the envelope (nil when undecryptable).
    public let device: String?
    /// The device's raw Ed25519 key inside the envelope (nil when undecryptable).
    public let devicePublicKey: Data?
    /// When the device sealed it, ms since 1970 UTC (nil when undecryptable).
    public let sentMs: Int64?

    init(verdict: CaseVerdict, envelope: CaseEnvelope? = nil) {
        self.verdict = verdict
        self.caseJSON = verdict == .valid ? envelope?.payload : nil
        self.device = envelope?.device
        self.devicePublicKey = envelope?.devicePublicKey
        self.sentMs = envelope?.sentMs
    }

    /// True when the case may be shown.
    public var isValid: Bool { verdict == .valid }
}

/// The HPKE plaintext of a sealed case (PRENOTIFY.md §1):
/// `{"format":"stroke-triage-case","version":1,"caseId","hospitalId","device","sentMs",
/// "devicePublicKey":"<b64 Ed25519>","payload":"<b64 case JSON>","signature":"<b64 Ed25519>"}`.
///
/// The signature covers the UTF-8 of six lines joined by `"\n"`:
/// `stroke-triage/prenotify/case/v1`, the case id, the hospital id, the
/// device, `sentMs` (decimal) and the lowercase hex SHA-256 of the payload.
struct CaseEnvelope: Codable, Sendable, Hashable {
    /// The format's name.
    static let formatName = "stroke-triage-case"
    /// The domain line that starts the signed message.
    static let signatureDomain = "stroke-triage/prenotify/case/v1"

    let format: String
    let version: Int
    let caseId: String
    let hospitalId: String
    let device: String
    let sentMs: Int64
    let devicePublicKey: Data
    let payload: Data
    let signature: Data

    init(caseId: String, hospitalId: String, device: String, sentMs: Int64, devicePublicKey: Data, payload: Data,
         signature: Data) {
        self.format = Self.formatName
        self.version = 1
        self.caseId = caseId
        self.hospitalId = hospitalId
        self.device = device
        self.sentMs = sentMs
        self.devicePublicKey = devicePublicKey
        self.payload = payload
        self.signature = signature
    }

    /// Decodes an envelope of this format and version (no member repeated); nil otherwise.
    init?(decoding data: Data) {
        guard JSONValue.hasNoDuplicateMembers(data), let envelope = try? JSONDecoder().decode(CaseEnvelope.self, from: data),
              envelope.format == Self.formatName, envelope.version == 1 else { return nil }
        self = envelope
    }

    /// The JSON bytes (sorted keys).
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The exact bytes the device signs.
    static func signedMessage(caseId: String, hospitalId: String, device: String, sentMs: Int64, payload: Data) -> Data {
        SignedMessage.text([signatureDomain, caseId, hospitalId, device, String(sentMs), Hex.encode(SHA256.hash(data: payload))])
    }

    /// True when `signature` verifies under `devicePublicKey` for this envelope's fields.
    var isSignatureValid: Bool {
        SignedMessage.isValid(signature, of: Self.signedMessage(caseId: caseId, hospitalId: hospitalId, device: device,
                                                                sentMs: sentMs, payload: payload), publicKey: devicePublicKey)
    }
}
