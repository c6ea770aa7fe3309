import Crypto

extension WrappedDataKey {
    /// The HPKE suite of the contract, "Curve25519_SHA256_AES_GCM_256": KEM DHKEM(X25519, HKDF-SHA256),
    /// KDF HKDF-SHA256, AEAD AES-256-GCM (swift-crypto names no constant for it).
    public static let hpkeCiphersuite = HPKE.Ciphersuite(kem: .Curve25519_HKDF_SHA256, kdf: .HKDF_SHA256, aead: .AES_GCM_256)
}
