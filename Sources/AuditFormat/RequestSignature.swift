import Crypto
import Foundation
import StrokeJSON

/// The signature a device puts on every request to the fleet collector.
///
/// The signed message is the UTF-8 of seven lines joined by `"\n"`:
/// `stroke-triage/collector/request/v1`, the method (`POST`), the path with
/// its query, the lowercase hex SHA-256 of the body, the timestamp (ms since
/// 1970, decimal), the nonce and the device name. The signature is Ed25519
/// under the device's audit signing key (`stroke-triage audit public-key`).
public struct RequestSignature: Sendable, Hashable {
    /// Header naming the device.
    public static let deviceHeader = "Stroke-Device"
    /// Header holding the timestamp in milliseconds since 1970 (UTC).
    public static let timestampHeader = "Stroke-Timestamp"
    /// Header holding the request's one-time nonce (16–64 characters of `A–Z a–z 0–9 - _`).
    public static let nonceHeader = "Stroke-Nonce"
    /// Header holding the base64 Ed25519 signature.
    public static let signatureHeader = "Stroke-Signature"
    /// Domain line that starts every signed message.
    public static let domain = "stroke-triage/collector/request/v1"

    /// The device's name as registered at the collector.
    public let device: String
    /// Milliseconds since 1970 (UTC) when the device signed the request.
    public let timestampMs: Int64
    /// The one-time nonce.
    public let nonce: String
    /// The raw 64-byte Ed25519 signature.
    public let signature: Data

    /// Wraps already parsed header values.
    public init(device: String, timestampMs: Int64, nonce: String, signature: Data) {
        self.device = device
        self.timestampMs = timestampMs
        self.nonce = nonce
        self.signature = signature
    }

    /// The exact bytes that are signed for a request.
    public static func message(method: String, path: String, body: Data, timestampMs: Int64, nonce: String,
                               device: String) -> Data {
        let bodyHash = Hex.encode(SHA256.hash(data: body))
        return SignedMessage.text([domain, method.uppercased(), path, bodyHash, String(timestampMs), nonce, device])
    }

    /// Signs a request with a device key and returns its headers (name, value), sorted by name.
    public static func sign(method: String, path: String, body: Data, device: String, timestampMs: Int64,
                            nonce: String, key: Curve25519.Signing.PrivateKey) throws -> [(String, String)] {
        let message = message(method: method, path: path, body: body, timestampMs: timestampMs, nonce: nonce,
                              device: device)
        let signature = try key.signature(for: message)
        return [(deviceHeader, device), (nonceHeader, nonce), (signatureHeader, signature.base64EncodedString()),
                (timestampHeader, String(timestampMs))]
    }

    /// A fresh random nonce (32 hex characters).
    public static func makeNonce() -> String {
        Hex.random(byteCount: 16)
    }

    /// Parses the four headers; nil when one is missing or malformed.
    public static func parse(device: String?, timestamp: String?, nonce: String?, signature: String?) -> RequestSignature? {
        guard let device, !device.isEmpty, device.utf8.count <= 64,
              let timestamp, let timestampMs = Int64(timestamp),
              let nonce, isValidNonce(nonce),
              let signature, let raw = Data(base64Encoded: signature), raw.count == 64 else { return nil }
        return RequestSignature(device: device, timestampMs: timestampMs, nonce: nonce, signature: raw)
    }

    /// True when `nonce` has 16–64 characters of `A–Z a–z 0–9 - _`.
    public static func isValidNonce(_ nonce: String) -> Bool {
        (16...64).contains(nonce.utf8.count)
            && nonce.utf8.allSatisfy { $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    /// True when the signature is valid for this request under the raw 32-byte Ed25519 `publicKey`.
    public func isValid(method: String, path: String, body: Data, publicKey: Data) -> Bool {
        SignedMessage.isValid(signature, of: Self.message(method: method, path: path, body: body, timestampMs: timestampMs,
                                                          nonce: nonce, device: device), publicKey: publicKey)
    }
}
