#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The head file `audit.head` beside the key file, outside the database's
/// directory: the latest signed head, so that putting an older copy of the
/// data directory back (or deleting records) is detected.
///
/// Written atomically (a 0600 temporary file, fsync, rename, fsync of the
/// directory) while the writer holds an exclusive `flock` on
/// `audit.head.lock` from before its database transaction until the head file
/// is in place: the order of head files follows the order of commits, so two
/// writer processes never leave a head behind the database.
struct AuditHeadFile {
    /// What the head file holds.
    enum Contents {
        /// No head file.
        case missing
        /// A file that is not a head (damaged, truncated, not ours).
        case unreadable
        /// A well-formed head (its signature is checked by the caller).
        case head(AuditHead)
    }

    /// The head file.
    let url: URL
    /// The lock file beside it.
    var lockPath: String { url.path + ".lock" }

    /// The head file for a key file, in the same directory: `audit.head` for the
    /// default key file `audit-keys.json`, else `<key file name>.head`, so logs
    /// whose key files share a directory keep apart.
    init(keyFile: URL) {
        let name = keyFile.lastPathComponent == "audit-keys.json" ? "audit.head" : keyFile.lastPathComponent + ".head"
        url = keyFile.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Reads the head file.
    func read() -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        guard let data = try? Data(contentsOf: url), let head = AuditHead(json: data) else { return .unreadable }
        return .head(head)
    }

    /// Replaces the head file atomically and durably.
    func write(_ head: AuditHead) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(AuditKeyring.randomID()).tmp").path
        do {
            let file = try PosixFile(creating: temporary, exclusive: true)
            defer { PosixFile.remove(temporary) }
            try file.write(Data((head.json + "\n").utf8))
            try file.syncAndClose()
            try PosixFile.replace(temporary, url.path)
            PosixFile.syncDirectory(directory.path)
        } catch let error as PosixFile.PosixError where error.isDiskFull {
            throw AuditError.diskFull(url.path)
        } catch {
            throw AuditError.headWrite(url.path)
        }
    }

    /// Runs `body` holding the exclusive lock that orders head-file writes.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch { throw AuditError.headWrite(url.path) }
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AuditError.headWrite(lockPath) }
        defer { close(fd) }  // closing releases the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw AuditError.headWrite(lockPath) }
        }
        return try body()
    }
}
