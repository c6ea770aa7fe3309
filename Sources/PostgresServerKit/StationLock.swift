#if canImport(Glibc)
import Glibc
#endif

/// A station's exclusive hold on its data directory (issue 34): an `flock` on `DIR/station.lock`,
/// which holds the holder's process id, kept until `release()` or the end of the process (the
/// kernel drops it with the descriptor, also after SIGKILL). A second station on the same
/// directory is refused with `collector.dataDirectoryInUse` naming the first one's process.
///
/// The file is opened like every station file (`StationDirectory`: never through a link, a
/// regular file of root or the cluster's account) and close-on-exec, so PostgreSQL, which the
/// station starts, never inherits the lock. Administration commands with `--data` take no lock:
/// they use a running station's cluster (docs/station.md).
///
/// ```swift
/// let lock = try cluster.lock()
/// defer { lock.release() }
/// ```
public final class StationLock {
    /// The lock file's name in the data directory.
    public static let fileName = "station.lock"
    /// The lock file's path.
    public let path: String
    private var descriptor: Int32

    /// Opens (creates 0600, given to `account`) and locks the lock file in `directory`, then writes this process's id.
    /// - Throws: `dataDirectoryInUse` when another process holds it; `dataDirectoryIsLink`/`dataDirectoryOwner`
    ///   for a lock file that is a link or another account's.
    init(in directory: StationDirectory, account: StationAccount?) throws(CollectorError) {
        path = directory.path + "/" + Self.fileName
        guard let fd = try directory.openFile(Self.fileName, O_RDWR | O_CREAT) else {
            throw .stationDatabaseFailed("\(path) cannot be created")
        }
        do throws(CollectorError) {
            if let account { try directory.give(fd, name: Self.fileName, to: account) }
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EINTR else {
                    guard errno == EWOULDBLOCK else { throw .stationDatabaseFailed("flock \(path): errno \(errno)") }
                    throw .dataDirectoryInUse(path, process: Self.holder(fd))
                }
            }
            let text = Array("\(getpid())\n".utf8)
            guard ftruncate(fd, 0) == 0, text.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == text.count else {
                throw .stationDatabaseFailed("\(path) cannot be written: errno \(errno)")
            }
        } catch {
            close(fd)
            throw error
        }
        descriptor = fd
    }

    deinit { release() }

    /// Releases the lock (the file stays; the next station overwrites its process id).
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// The process id the holder wrote, or nil (none yet, or not a number).
    private static func holder(_ fd: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes.prefix(count).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self))
    }
}

extension StationCluster {
    /// Takes the data directory's lock (creating and checking the directory first, as `create()`
    /// does): the station's first step, held for its life.
    /// - Throws: `dataDirectoryInUse` naming the other station's process, or the directory's errors.
    public func lock() throws(CollectorError) -> StationLock {
        guard let directory = try openDirectory(creating: true) else { throw .stationDatabaseFailed("\(self.directory) cannot be created") }
        try directory.secure(for: account)
        return try StationLock(in: directory, account: account)
    }
}
