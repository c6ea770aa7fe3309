import Crypto
import Foundation

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

    /// Decodes an envelope of this format and version; nil otherwise.
    init?(decoding data: Data) {
        guard let envelope = try? JSONDecoder().decode(CaseEnvelope.self, from: data),
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
        let lines = [signatureDomain, caseId, hospitalId, device, String(sentMs),
                     CaseIdentifiers.hex(SHA256.hash(data: payload))]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// True when `signature` verifies under `devicePublicKey` for this envelope's fields.
    var isSignatureValid: Bool {
        // swift-crypto traps on a signature of another length: check it first (the envelope is untrusted input).
        guard signature.count == 64, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: devicePublicKey) else {
            return false
        }
        return key.isValidSignature(signature, for: Self.signedMessage(caseId: caseId, hospitalId: hospitalId,
                                                                       device: device, sentMs: sentMs, payload: payload))
    }
}
