#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AuditFormat
import Foundation
import OutputFiles

/// The head file `audit.head` beside the key file, outside the database's
/// directory: the latest signed head, so that putting an older copy of the
/// data directory back (or deleting records) is detected.
///
/// Written atomically (a 0600 temporary file, fsync, rename, fsync of the
/// directory) while the writer holds an exclusive `flock` on
/// `audit.head.lock` from before its database transaction until the head file
/// is in place: the order of head files follows the order of commits, so two
/// writer processes never leave a head behind the database. The temporary
/// file's fsync runs beside the database's commit, and the directory's fsync
/// beside the next write's commit (or at close), so the head costs about one
/// fsync's time, not three (see `PendingHead`).
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

    /// Starts replacing the head file with `head`: on another thread, the
    /// directory is fsynced (making the previous rename durable) and a 0600
    /// temporary file is written and fsynced, while the caller commits the
    /// database transaction. `PendingHead.install` then renames it into place.
    func prepare(_ head: AuditHead) -> PendingHead {
        PendingHead(head: head, destination: url)
    }

    /// Makes the last rename into the directory durable (when the log is closed).
    func syncDirectory() { DurableFile.syncDirectory(of: url.path) }

    /// Runs `body` holding the exclusive lock that orders head-file writes.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch { throw AuditError.headWrite(url.path) }
        guard let fd = lockedDescriptor() else { throw AuditError.headWrite(lockPath) }
        defer { close(fd) }  // closing releases the lock
        return try body()
    }

    /// Runs `body` holding the lock when the lock file can be opened and locked, else without it.
    func withLockIfPossible<T>(_ body: () throws -> T) throws -> T {
        guard let fd = lockedDescriptor() else { return try body() }
        defer { close(fd) }
        return try body()
    }

    /// The lock file, opened (created 0600 if needed) and locked exclusively; nil when either fails.
    private func lockedDescriptor() -> Int32? {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(fd)
                return nil
            }
        }
        return fd
    }
}

/// A head file replacement under way: the temporary file is written and
/// fsynced, and the directory fsynced, on two other threads while the
/// database commits; `install` waits for
/// it and renames it into place, `discard` removes it (the commit failed).
/// Both wait on the thread that writes the log (the audit writer's own thread,
/// or a synchronous command's), never in async code.
final class PendingHead: @unchecked Sendable {
    private let directorySynced = ThreadLatch<Void>()
    private let written = ThreadLatch<Result<DurableFile, OutputFileError>>()
    private let destination: URL
    private var finished = false

    init(head: AuditHead, destination: URL) {
        self.destination = destination
        let bytes = Array((head.json + "\n").utf8)
        // The previous write's rename becomes durable beside this commit (its own thread:
        // concurrent fsyncs share the filesystem's journal commit).
        DispatchQueue.global(qos: .userInitiated).async { [directorySynced] in
            DurableFile.syncDirectory(of: destination.path)
            directorySynced.open(())
        }
        DispatchQueue.global(qos: .userInitiated).async { [written] in
            do throws(OutputFileError) {
                let pending = try DurableFile(path: destination.path)
                try pending.write(bytes)
                try pending.sync()
                written.open(.success(pending))
            } catch {
                written.open(.failure(error))
            }
        }
    }

    deinit { discard() }

    /// Waits for both workers: the temporary file (or its failure).
    private func finish() -> Result<DurableFile, OutputFileError> {
        finished = true
        directorySynced.wait()  // blocking: the thread that writes the log (the audit writer's)
        return written.wait()  // blocking: the thread that writes the log (the audit writer's)
    }

    /// Waits for the temporary file and renames it over the head file (the next write, or
    /// closing the log, makes the rename durable).
    func install() throws {
        guard !finished else { return }
        let outcome = finish()
        do throws(OutputFileError) {
            try outcome.get().commit(syncingDirectory: false)
        } catch {
            if case .success(let file) = outcome { file.discard() }
            throw error.reason == .diskFull ? AuditError.diskFull(destination.path) : AuditError.headWrite(destination.path)
        }
    }

    /// Waits for the workers and removes the temporary file (nothing was committed).
    func discard() {
        guard !finished else { return }
        try? finish().get().discard()
    }
}

/// A one-shot hand-over from a `PendingHead` worker to the thread that writes
/// the log: the worker opens the latch with a value, the writer waits for it.
/// The waiting thread blocks, so only the thread that writes a log waits on a
/// latch: the audit writer's own thread (or a maintenance command writing
/// through `AuditLog` directly). `Scripts/check-blocking` lists each such wait.
private final class ThreadLatch<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var value: Value?

    init() {}

    /// Hands over `value` and wakes the waiter (the first value wins).
    func open(_ value: Value) {
        condition.lock()
        if self.value == nil { self.value = value }
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling thread until the latch is opened; returns its value.
    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }  // blocking: the thread that writes the log
        return value!
    }
}

extension AuditHead {
    /// Loads a head saved by a witness (`audit head --json > FILE`).
    /// - Throws: `AuditError.headInvalid` when the file cannot be read or is not a head.
    public static func load(_ url: URL) throws -> AuditHead {
        guard let data = try? Data(contentsOf: url), let head = AuditHead(json: data) else { throw AuditError.headInvalid(url.path) }
        return head
    }
}
