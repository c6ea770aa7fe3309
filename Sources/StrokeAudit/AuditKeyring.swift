import AuditFormat
import Crypto
import Foundation

/// The keys of an audit log: master keys that wrap the per-assessment data
/// keys, and the Ed25519 key that signs checkpoints. Never printed or logged.
public struct AuditKeyring: Sendable {
    /// One master key (AES-256), named by a random identifier.
    struct MasterKey: Sendable {
        let id: String
        let key: SymmetricKey
        let createdMs: Int64
    }

    /// Every master key still held; the last one is current.
    let masterKeys: [MasterKey]
    /// The current signing key.
    let signingKey: Curve25519.Signing.PrivateKey
    /// Public keys of signing keys retired by rotation (old checkpoints stay verifiable).
    let retiredPublicKeys: [Data]
    /// The key epoch: 1 for a new key file, raised by one at every rotation.
    let epoch: Int64
    /// Each rotation's endorsement of the new signing key by the previous one, oldest first
    /// (empty for rotations made before endorsements existed).
    let endorsements: [KeyEndorsement]

    /// The master key new data keys are wrapped with.
    var currentMaster: MasterKey { masterKeys[masterKeys.count - 1] }

    /// The raw 32-byte Ed25519 public key of the current signing key.
    public var publicKey: Data { signingKey.publicKey.rawRepresentation }

    /// The public key as printed by `audit public-key`: base64 of the raw 32 bytes.
    public var publicKeyBase64: String { publicKey.base64EncodedString() }

    /// Every public key whose checkpoints this keyring trusts.
    var trustedPublicKeys: [Data] { retiredPublicKeys + [publicKey] }

    /// A master key by identifier.
    func master(_ id: String) -> SymmetricKey? { masterKeys.first { $0.id == id }?.key }

    /// A fresh keyring: one random master key and one signing key.
    static func generate(nowMs: Int64) -> AuditKeyring {
        AuditKeyring(masterKeys: [MasterKey(id: randomID(), key: SymmetricKey(size: .bits256), createdMs: nowMs)],
                     signingKey: Curve25519.Signing.PrivateKey(), retiredPublicKeys: [], epoch: 1, endorsements: [])
    }

    /// This keyring with a new current master key and a new signing key; the
    /// old master keys stay until their data keys are re-wrapped.
    /// The old signing key endorses the new one (`KeyEndorsement`), so a fleet
    /// collector that knows the old key accepts the new one.
    func rotated(nowMs: Int64) throws -> AuditKeyring {
        let next = Curve25519.Signing.PrivateKey()
        let endorsement = try KeyEndorsement.sign(next: next.publicKey, epoch: epoch + 1, with: signingKey)
        return AuditKeyring(masterKeys: masterKeys + [MasterKey(id: Self.randomID(), key: SymmetricKey(size: .bits256), createdMs: nowMs)],
                            signingKey: next, retiredPublicKeys: retiredPublicKeys + [publicKey],
                            epoch: epoch + 1, endorsements: endorsements + [endorsement])
    }

    /// This keyring with only the current master key (after re-wrapping).
    func droppingOldMasters() -> AuditKeyring {
        AuditKeyring(masterKeys: [currentMaster], signingKey: signingKey, retiredPublicKeys: retiredPublicKeys, epoch: epoch,
                     endorsements: endorsements)
    }

    /// The check value stored in the database for a master key: HMAC-SHA256(key, domain).
    static func check(_ key: SymmetricKey) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: AuditLayout.keyCheckDomain, using: key))
    }

    /// `count` random bytes.
    static func randomBytes(_ count: Int) -> Data {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Data($0) }
    }

    /// 16 random hex digits.
    static func randomID() -> String {
        Hex.encode(SymmetricKey(size: SymmetricKeySize(bitCount: 64)).withUnsafeBytes { Data($0) })
    }
}

extension AuditKeyring {
    /// The current Ed25519 signing key, with which this device signs its requests
    /// and its hospital pre-notifications (the key `audit public-key` prints the
    /// public half of). Never printed, logged or written anywhere else.
    public var deviceSigningKey: Curve25519.Signing.PrivateKey { signingKey }
}
