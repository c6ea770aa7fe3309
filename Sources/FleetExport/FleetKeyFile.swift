import Crypto
import Foundation
import OutputFiles
#if canImport(Glibc)
import Glibc
#endif

/// The private key files of the fleet side, JSON with mode 0600:
/// `{"format":"stroke-triage-collector-key","privateKey":"<base64>","version":1}`
/// (the collector's Ed25519 key that signs exports) and
/// `{"format":"stroke-triage-org-key",…}` (the organisation's X25519 key that
/// opens wrapped data keys). Neither key is ever printed; their public halves are.
public enum FleetKeyFile {
    /// The kind of key a file holds.
    public enum Kind: String, Sendable {
        /// The collector's Ed25519 signing key.
        case collector = "stroke-triage-collector-key"
        /// The organisation's X25519 key-agreement key.
        case organisation = "stroke-triage-org-key"
    }

    private struct Stored: Codable {
        var format: String
        var version: Int
        var privateKey: String
    }

    /// Writes a new random key of `kind` to `path` (0600, refused if it exists unless `force`) and
    /// returns its base64 public key.
    public static func generate(_ kind: Kind, to path: String, force: Bool) throws(FleetExportError) -> String {
        let raw: Data
        let publicKey: Data
        switch kind {
        case .collector:
            let key = Curve25519.Signing.PrivateKey()
            raw = key.rawRepresentation
            publicKey = key.publicKey.rawRepresentation
        case .organisation:
            let key = Curve25519.KeyAgreement.PrivateKey()
            raw = key.rawRepresentation
            publicKey = key.publicKey.rawRepresentation
        }
        let text = String(decoding: FleetExportLayout.json(Stored(format: kind.rawValue, version: 1,
                                                                   privateKey: raw.base64EncodedString())), as: UTF8.self)
        do {
            try OutputFile.write(text + "\n", to: path, force: force, existing: .refuseUnlessForced)
        } catch {
            throw FleetExportError(.outputRefused, path, output: error)
        }
        return publicKey.base64EncodedString()
    }

    /// The raw private key of `kind` in `path`, after checking that no other user can read the file.
    static func load(_ kind: Kind, from path: String) throws(FleetExportError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FleetExportError(.keyFileInvalid, path) }
        guard info.st_mode & 0o077 == 0 else { throw FleetExportError(.keyFilePermissions, path) }
        guard let data = FileManager.default.contents(atPath: path),
              let stored = try? JSONDecoder().decode(Stored.self, from: data),
              stored.format == kind.rawValue, stored.version == 1,
              let raw = Data(base64Encoded: stored.privateKey), raw.count == 32 else {
            throw FleetExportError(.keyFileInvalid, path)
        }
        return raw
    }

    /// The collector's signing key from `path`.
    public static func collectorKey(_ path: String) throws(FleetExportError) -> Curve25519.Signing.PrivateKey {
        let raw = try load(.collector, from: path)
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else { throw FleetExportError(.keyFileInvalid, path) }
        return key
    }

    /// The organisation's private key from `path`.
    public static func organisationKey(_ path: String) throws(FleetExportError) -> Curve25519.KeyAgreement.PrivateKey {
        let raw = try load(.organisation, from: path)
        guard let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: raw) else {
            throw FleetExportError(.keyFileInvalid, path)
        }
        return key
    }
}
