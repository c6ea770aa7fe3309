import CaseWire
import Foundation
import OutputFiles

/// The hospital key file on disk: created once with mode 0600 (never
/// overwritten, never through a symbolic link), read by `board serve`.
public enum HospitalKeyFile {
    /// Writes a new key pair to `path` (`DurableFile`: mode 0600, fsync; never over an existing
    /// file, never through a symbolic link) and returns it.
    /// - Throws: `BoardError.keyFileExists` or `.keyFileNotWritten`.
    public static func create(at path: String) throws(BoardError) -> HospitalKeyPair {
        let keys = HospitalKeyPair()
        do throws(OutputFileError) {
            try DurableFile.write([UInt8](keys.fileData()), to: path, existing: .refuse)
        } catch {
            // Something is there already (a file, a link, a directory): never replaced.
            if error.reason != .cannotCreate, error.reason != .cannotWrite, error.reason != .diskFull { throw .keyFileExists(path) }
            throw .keyFileNotWritten("\(path): \(error.systemReason ?? error.reason.rawValue)")
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
