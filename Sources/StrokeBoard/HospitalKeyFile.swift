import CaseWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The hospital key file on disk: created once with mode 0600 (never
/// overwritten, never through a symbolic link), read by `board serve`.
public enum HospitalKeyFile {
    /// Writes a new key pair to `path` (exclusive create, mode 0600, fsync) and returns it.
    /// - Throws: `BoardError.keyFileExists` or `.keyFileNotWritten`.
    public static func create(at path: String) throws(BoardError) -> HospitalKeyPair {
        let keys = HospitalKeyPair()
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST { throw .keyFileExists(path) }
            throw .keyFileNotWritten("\(path): \(String(cString: strerror(errno)))")
        }
        let bytes = [UInt8](keys.fileData())
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced else {
            unlink(path)
            throw .keyFileNotWritten("\(path): short write")
        }
        return keys
    }

    /// Reads the key pair from `path`.
    /// - Throws: `BoardError.keyFileUnreadable`.
    public static func read(at path: String) throws(BoardError) -> HospitalKeyPair {
        guard let data = FileManager.default.contents(atPath: path), let keys = try? HospitalKeyPair(fileData: data) else {
            throw .keyFileUnreadable(path)
        }
        return keys
    }
}
