import Crypto

extension AuditKeyring {
    /// The current Ed25519 signing key, with which this device signs its requests
    /// and its hospital pre-notifications (the key `audit public-key` prints the
    /// public half of). Never printed, logged or written anywhere else.
    public var deviceSigningKey: Curve25519.Signing.PrivateKey { signingKey }
}
