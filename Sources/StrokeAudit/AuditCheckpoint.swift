import AuditFormat
import Foundation

/// A signed statement of the chain head: "the log had `sequence` records and
/// the last one hashed to `headHash`", signed with Ed25519.
public struct AuditCheckpoint: Sendable, Hashable {
    /// The head's sequence number (0 for an empty log).
    public let sequence: Int64
    /// The head's hash (32 zero bytes for an empty log).
    public let headHash: Data
    /// When it was made, ms since 1970 UTC.
    public let createdMs: Int64
    /// The raw 32-byte Ed25519 public key that signed it.
    public let publicKey: Data
    /// The 64-byte Ed25519 signature over `AuditLayout.checkpointMessage`.
    public let signature: Data

    /// The bytes that were signed.
    public var message: Data { AuditLayout.checkpointMessage(sequence: sequence, headHash: headHash, createdMs: createdMs) }

    /// True when the signature is valid under `publicKey`.
    public func isValid(publicKey key: Data) -> Bool {
        SignedMessage.isValid(signature, of: message, publicKey: key)
    }
}
