import CollectorWire
import Crypto
import Foundation

/// A hospital board's signature on its requests to the relay: the device
/// scheme of `CollectorWire.RequestSignature` (same message, same
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
