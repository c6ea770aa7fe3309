import Crypto
import Foundation

/// A device's statement, signed with its previous audit signing key, that its
/// next signing key (after `stroke-triage audit rotate-key`) is `publicKey`
/// at key epoch `epoch`.
///
/// The device keeps every endorsement with its key file and sends the chain
/// in the `Stroke-Key-Endorsement` header (base64 of the JSON array). The
/// collector walks the chain from the key it has registered for the device:
/// each link must be signed by the key reached so far and raise the epoch.
/// A request signed by the key at the end of the chain is the device's; at
/// its next accepted push the collector registers that key in the same
/// transaction. The signed message is the UTF-8 of four lines joined by
/// `"\n"`: `stroke-triage/collector/key-endorsement/v1`, the epoch (decimal),
/// the new public key and the endorsing public key (both base64).
public struct KeyEndorsement: Codable, Sendable, Hashable {
    /// The header that carries the chain.
    public static let header = "Stroke-Key-Endorsement"
    /// Domain line of the signed message.
    public static let domain = "stroke-triage/collector/key-endorsement/v1"
    /// Longest chain a collector follows (rotations since the key was registered).
    public static let maxChainLength = 64

    /// The key epoch of the endorsed key.
    public let epoch: Int64
    /// The endorsed (new) raw Ed25519 public key (base64 in JSON).
    public let publicKey: Data
    /// The endorsing (previous) raw Ed25519 public key (base64 in JSON).
    public let endorsedBy: Data
    /// The previous key's Ed25519 signature over `message` (base64 in JSON).
    public let signature: Data

    /// Creates an endorsement from its parts.
    public init(epoch: Int64, publicKey: Data, endorsedBy: Data, signature: Data) {
        self.epoch = epoch
        self.publicKey = publicKey
        self.endorsedBy = endorsedBy
        self.signature = signature
    }

    /// The signed bytes.
    public static func message(epoch: Int64, publicKey: Data, endorsedBy: Data) -> Data {
        SignedMessage.text([domain, String(epoch), publicKey.base64EncodedString(), endorsedBy.base64EncodedString()])
    }

    /// `previous` endorses `next` at `epoch`.
    public static func sign(next: Curve25519.Signing.PublicKey, epoch: Int64,
                            with previous: Curve25519.Signing.PrivateKey) throws -> KeyEndorsement {
        let endorser = previous.publicKey.rawRepresentation
        let signature = try previous.signature(for: message(epoch: epoch, publicKey: next.rawRepresentation, endorsedBy: endorser))
        return KeyEndorsement(epoch: epoch, publicKey: next.rawRepresentation, endorsedBy: endorser, signature: signature)
    }

    /// True when `endorsedBy` signed this endorsement.
    public var isValid: Bool {
        publicKey.count == 32
            && SignedMessage.isValid(signature, of: Self.message(epoch: epoch, publicKey: publicKey, endorsedBy: endorsedBy),
                                     publicKey: endorsedBy)
    }

    /// The header value for a chain: base64 of its JSON array.
    public static func headerValue(_ chain: [KeyEndorsement]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ((try? encoder.encode(chain)) ?? Data("[]".utf8)).base64EncodedString()
    }

    /// Parses a header value; nil when it is not a base64 JSON array of endorsements.
    public static func parseHeader(_ value: String) -> [KeyEndorsement]? {
        guard value.utf8.count <= 64 * 1024, let data = Data(base64Encoded: value),
              let chain = try? JSONDecoder().decode([KeyEndorsement].self, from: data) else { return nil }
        return chain
    }

    /// The keys a request may be signed with, given the registered key and a
    /// chain: the registered key first, then every key reached by a valid link
    /// (each signed by the key before it, epochs rising), in order.
    public static func reachableKeys(from registered: Data, chain: [KeyEndorsement]) -> [Data] {
        var keys = [registered]
        var current = registered
        var epoch = Int64.min
        for link in chain.prefix(maxChainLength) where link.endorsedBy == current {
            guard link.epoch > epoch, link.isValid else { break }
            current = link.publicKey
            epoch = link.epoch
            keys.append(current)
        }
        return keys
    }
}
