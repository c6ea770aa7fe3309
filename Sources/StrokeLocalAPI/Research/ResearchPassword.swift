import Crypto
import CryptoExtras
import Foundation
import OutputFiles
import StrokeJSON
#if canImport(Glibc)
import Glibc
#endif

/// The research-access password as the station server keeps it: a salted slow
/// hash (PBKDF2-HMAC-SHA256, at least `minimumIterations` rounds, 16-byte random
/// salt, 32-byte key), never the password itself.
///
/// The file `stroke-triage-server research-password --out FILE` writes (mode 0600,
/// exclusive create) is one JSON object:
///
/// ```json
/// {"format":"stroke-triage-research-password-1","kdf":"pbkdf2-sha256","iterations":210000,
///  "salt":"<base64>","hash":"<base64>"}
/// ```
public struct ResearchPassword: Sendable {
    /// The `format` member of the file.
    public static let format = "stroke-triage-research-password-1"
    /// The fewest PBKDF2 rounds a file may name (OWASP's 2023 figure for PBKDF2-HMAC-SHA256).
    public static let minimumIterations = 210_000
    /// The most PBKDF2 rounds a file may name: 10 × the minimum, which verifies in about 0.3 s on the
    /// project's 2-core machine (issue 46: at most 0.5 s; 100 × took 2.7 s). More would make every login
    /// a denial of service of its own (4e9 rounds once took minutes per login: issue 34).
    public static let maximumIterations = 10 * minimumIterations
    /// The fewest characters a new password may have.
    public static let minimumLength = 8

    /// The PBKDF2 rounds.
    public let iterations: Int
    /// The random salt.
    public let salt: [UInt8]
    /// The derived key.
    let hash: [UInt8]

    /// Hashes `password` with a new random salt (`iterations` below the minimum only in tests).
    init(password: String, iterations: Int = ResearchPassword.minimumIterations, salt: [UInt8]? = nil) throws(LocalAPIError) {
        let salt = salt ?? Array(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
        self.iterations = iterations
        self.salt = salt
        self.hash = try Self.derive(password, salt: salt, iterations: iterations)
    }

    /// Hashes `password` for a new file.
    /// - Throws: `api.configurationInvalid` when it is shorter than `minimumLength` characters.
    public static func new(_ password: String) throws(LocalAPIError) -> ResearchPassword {
        guard password.count >= minimumLength else {
            throw .configurationInvalid("research password: at least \(minimumLength) characters are required, got \(password.count)")
        }
        return try ResearchPassword(password: password)
    }

    /// Whether `candidate` is the password: the same derivation, compared in constant time.
    public func matches(_ candidate: String) -> Bool {
        guard let derived = try? Self.derive(candidate, salt: salt, iterations: iterations) else { return false }
        // Both are 32 bytes; every byte is compared whatever the first difference.
        var difference: UInt8 = 0
        for (a, b) in zip(derived, hash) { difference |= a ^ b }
        return difference == 0 && derived.count == hash.count
    }

    /// The file's bytes (one JSON object and a newline).
    public var fileContents: String {
        JSONValue.object([
            ("format", .string(Self.format)), ("kdf", .string("pbkdf2-sha256")), ("iterations", .integer(iterations)),
            ("salt", .string(Data(salt).base64EncodedString())), ("hash", .string(Data(hash).base64EncodedString())),
        ]).serialized() + "\n"
    }

    /// Writes the file (`DurableFile`: mode 0600, fsync; never through a symbolic link): created
    /// where there is none, or with `force` in place of what is there.
    /// - Throws: `api.configurationInvalid` naming the path when it exists or cannot be written.
    public func write(to path: String, force: Bool = false) throws(LocalAPIError) {
        if force { unlink(path) }
        do throws(OutputFileError) {
            try DurableFile.write(Array(fileContents.utf8), to: path, existing: .refuse)
        } catch {
            let occupied = error.reason != .cannotCreate && error.reason != .cannotWrite && error.reason != .diskFull
            let reason = occupied ? "exists (use --force to replace it)" : error.systemReason ?? "not written"
            throw .configurationInvalid("research password file \(path): \(reason)")
        }
    }

    /// Reads a file written by `write(to:)`.
    /// - Throws: `api.configurationInvalid` naming the path and what is wrong (never its contents).
    public static func read(from path: String) throws(LocalAPIError) -> ResearchPassword {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .configurationInvalid("research password file \(path): not readable")
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
            throw .configurationInvalid("research password file \(path): readable by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard let root = try? JSONValue(parsing: Array(data)), let object = root.dictionary,
              object["format"]?.stringValue == format, object["kdf"]?.stringValue == "pbkdf2-sha256",
              let iterations = object["iterations"]?.intValue,
              let salt = object["salt"]?.stringValue.flatMap({ Data(base64Encoded: $0) }), salt.count >= 16,
              let hash = object["hash"]?.stringValue.flatMap({ Data(base64Encoded: $0) }), hash.count == 32 else {
            throw .configurationInvalid("research password file \(path): not a \(format) file; make one with stroke-triage-server research-password --out FILE")
        }
        guard (minimumIterations...maximumIterations).contains(iterations) else {
            throw .configurationInvalid("research password file \(path): \(iterations) PBKDF2 rounds, allowed \(minimumIterations)–\(maximumIterations)")
        }
        return ResearchPassword(iterations: iterations, salt: Array(salt), hash: Array(hash))
    }

    private init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    private static func derive(_ password: String, salt: [UInt8], iterations: Int) throws(LocalAPIError) -> [UInt8] {
        do {
            let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32,
                                                        unsafeUncheckedRounds: iterations)
            return key.withUnsafeBytes { Array($0) }
        } catch {
            throw .internalError
        }
    }
}
