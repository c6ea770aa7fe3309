import AuditFormat
import Crypto
import CryptoExtras
import Foundation
import OutputFiles

/// Reads and writes the key file: JSON, mode 0600, optionally sealed with a
/// passphrase (scrypt N = 2^15, r = 8, p = 1 → AES-256-GCM).
public enum AuditKeyFile {
    /// The file as stored.
    private struct Stored: Codable {
        var format = "stroke-triage-audit-keys"
        var version = 1
        /// "none" or "scrypt".
        var protection: String
        var scrypt: ScryptParameters?
        /// AES-GCM sealed `Keys` JSON (nonce ‖ ciphertext ‖ tag) when protected.
        var sealed: Data?
        /// The keys in the clear (the file's mode protects them) when not protected.
        var keys: Keys?
        /// The ids (hex) of every log these keys have signed, oldest first (absent in files
        /// from before this record): a key file that signed a log does not silently start a
        /// new one when that log's database and head file are gone (`audit init --new-log`).
        var signedLogs: [String]?
    }

    private struct ScryptParameters: Codable {
        var salt: Data
        var n: Int
        var r: Int
        var p: Int
    }

    private struct Keys: Codable {
        struct Master: Codable {
            var id: String
            var key: Data
            var createdMs: Int64
        }
        var master: [Master]
        var signingKey: Data
        var retiredPublicKeys: [Data]
        /// The key epoch: 1 at creation, raised by every rotation (absent in files from before epochs: 1).
        var epoch: Int64?
        /// The rotations' key endorsements, oldest first (absent in files from before them).
        var endorsements: [KeyEndorsement]?
    }

    /// Loads the key file, or creates it (mode 0600, parent directory 0700)
    /// when it does not exist yet. A passphrase given at creation protects it.
    public static func loadOrCreate(at url: URL, passphrase: String?, nowMs: Int64) throws -> AuditKeyring {
        if FileManager.default.fileExists(atPath: url.path) { return try load(at: url, passphrase: passphrase) }
        let keyring = AuditKeyring.generate(nowMs: nowMs)
        if try write(keyring, to: url, passphrase: passphrase, replace: false) { return keyring }
        return try load(at: url, passphrase: passphrase)  // another process created it first
    }

    /// Loads an existing key file, refusing one that group or others can access.
    public static func load(at url: URL, passphrase: String?) throws -> AuditKeyring {
        guard let (type, mode) = PosixFile.typeAndMode(url.path) else { throw AuditError.keyFileUnreadable(url.path) }
        guard type == .regular else { throw AuditError.keyFileNotAFile(url.path) }
        guard mode & 0o077 == 0 else { throw AuditError.keyFileUnsafe(url.path) }
        guard let data = try? Data(contentsOf: url) else { throw AuditError.keyFileUnreadable(url.path) }
        guard let stored = try? JSONDecoder().decode(Stored.self, from: data),
              stored.format == "stroke-triage-audit-keys", stored.version == 1 else {
            throw AuditError.keyFileInvalid(url.path)
        }
        let keys: Keys
        switch stored.protection {
        case "none":
            guard let plain = stored.keys else { throw AuditError.keyFileInvalid(url.path) }
            keys = plain
        case "scrypt":
            guard let parameters = stored.scrypt, let sealed = stored.sealed else { throw AuditError.keyFileInvalid(url.path) }
            guard let passphrase, !passphrase.isEmpty else { throw AuditError.passphraseRequired }
            let key = try derive(passphrase, parameters)
            guard let box = try? AES.GCM.SealedBox(combined: sealed),
                  let plain = try? AES.GCM.open(box, using: key, authenticating: AuditLayout.keyFileDomain) else {
                throw AuditError.passphraseWrong
            }
            guard let decoded = try? JSONDecoder().decode(Keys.self, from: plain) else { throw AuditError.keyFileInvalid(url.path) }
            keys = decoded
        default:
            throw AuditError.keyFileInvalid(url.path)
        }
        guard !keys.master.isEmpty, keys.master.allSatisfy({ $0.key.count == 32 }),
              let signing = try? Curve25519.Signing.PrivateKey(rawRepresentation: keys.signingKey) else {
            throw AuditError.keyFileInvalid(url.path)
        }
        return AuditKeyring(
            masterKeys: keys.master.map { .init(id: $0.id, key: SymmetricKey(data: $0.key), createdMs: $0.createdMs) },
            signingKey: signing, retiredPublicKeys: keys.retiredPublicKeys, epoch: max(1, keys.epoch ?? 1),
            endorsements: keys.endorsements ?? [])
    }

    /// The ids (32 hex digits) of the logs the key file at `url` has signed, oldest first;
    /// empty when there is no such file or it records none. Needs no passphrase (the
    /// record is outside the sealed keys).
    public static func signedLogs(at url: URL) -> [String] {
        guard let data = try? Data(contentsOf: url), let stored = try? JSONDecoder().decode(Stored.self, from: data) else { return [] }
        return stored.signedLogs ?? []
    }

    /// Records in the key file that it has signed the log `logID` (nothing when it already
    /// says so). The file is re-read and replaced durably; the caller holds the head lock,
    /// which orders every writer of the key file after its creation.
    static func recordSignedLog(_ logID: Data, at url: URL) throws {
        guard let data = try? Data(contentsOf: url), var stored = try? JSONDecoder().decode(Stored.self, from: data) else {
            throw AuditError.keyFileUnreadable(url.path)
        }
        let id = Hex.encode(logID)
        guard !(stored.signedLogs ?? []).contains(id) else { return }
        stored.signedLogs = (stored.signedLogs ?? []) + [id]
        _ = try store(stored, to: url, replace: true)
    }

    /// Writes the keyring durably: a 0600 temporary file, fsync, then an atomic
    /// link (new file; returns false if one appeared meanwhile) or rename (replace).
    /// A replaced file keeps its record of signed logs.
    @discardableResult
    public static func write(_ keyring: AuditKeyring, to url: URL, passphrase: String?, replace: Bool) throws -> Bool {
        let keys = Keys(master: keyring.masterKeys.map { .init(id: $0.id, key: $0.key.withUnsafeBytes { Data($0) }, createdMs: $0.createdMs) },
                        signingKey: keyring.signingKey.rawRepresentation, retiredPublicKeys: keyring.retiredPublicKeys,
                        epoch: keyring.epoch, endorsements: keyring.endorsements.isEmpty ? nil : keyring.endorsements)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var stored: Stored
        do {
            if let passphrase, !passphrase.isEmpty {
                let parameters = ScryptParameters(salt: SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }, n: 1 << 15, r: 8, p: 1)
                let key = try derive(passphrase, parameters)
                let sealed = try AES.GCM.seal(try encoder.encode(keys), using: key, authenticating: AuditLayout.keyFileDomain)
                stored = Stored(protection: "scrypt", scrypt: parameters, sealed: sealed.combined, keys: nil)
            } else {
                stored = Stored(protection: "none", scrypt: nil, sealed: nil, keys: keys)
            }
        } catch let error as AuditError {
            throw error
        } catch {
            throw AuditError.keyFileWrite(url.path)
        }
        if replace {
            let kept = signedLogs(at: url)
            stored.signedLogs = kept.isEmpty ? nil : kept
        }
        return try store(stored, to: url, replace: replace)
    }

    /// Writes `stored` durably (`DurableFile`: temporary file, fsync, link or rename, fsync of the directory).
    private static func store(_ stored: Stored, to url: URL, replace: Bool) throws -> Bool {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch { throw AuditError.keyFileWrite(url.path) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let bytes = try? encoder.encode(stored) else { throw AuditError.keyFileWrite(url.path) }
        do throws(OutputFileError) {
            let file = try DurableFile(path: url.path, existing: replace ? .replace : .refuse)
            try file.write([UInt8](bytes))
            try file.commit()
            return true
        } catch {
            if error.reason == .exists { return false }
            throw AuditError.keyFileWrite(url.path)
        }
    }

    private static func derive(_ passphrase: String, _ p: ScryptParameters) throws -> SymmetricKey {
        do {
            return try KDF.Scrypt.deriveKey(from: Data(passphrase.utf8), salt: p.salt, outputByteCount: 32,
                                            rounds: p.n, blockSize: p.r, parallelism: p.p)
        } catch {
            throw AuditError.passphraseWrong
        }
    }
}
