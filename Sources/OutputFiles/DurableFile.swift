#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one durable writer of a private file: every file stroke-triage writes
/// with mode 0600 (keys, session token, push state, pre-notification queue,
/// reports and exports through `OutputFile`) is written by it.
///
/// 1. A new temporary file `.NAME.PID.N` beside the target is created with
///    `O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC` and mode 0600 (set again with
///    `fchmod`, whatever the umask), so no existing file or link is ever opened.
/// 2. The bytes are written (short writes and `EINTR` retried) and `fsync`ed.
/// 3. The file is renamed over the target (or, with `.refuse`, hard-linked to it,
///    which fails instead of replacing), and the directory is `fsync`ed, so the
///    new name survives a crash. A reader sees the old file or the new one, never half.
///
/// Any failure removes the temporary file and leaves the target untouched.
///
/// ```swift
/// try DurableFile.write(Array(json.utf8), to: "/home/medic/.local/state/stroke-triage/session.json")
/// ```
public final class DurableFile: OutputByteSink {
    /// What to do when the target already exists.
    public enum Existing: Sendable {
        /// Replace it atomically.
        case replace
        /// Refuse (`OutputFileError.Reason.exists`), also when it appears while writing.
        case refuse
    }

    /// The target's path (in errors).
    public let path: String
    /// The temporary file's descriptor, valid until `commit()` or `discard()`.
    public let descriptor: Int32
    /// The directory the names are relative to: `AT_FDCWD` for a path, or an open directory.
    private let directory: Int32
    /// The target and the temporary file, relative to `directory`.
    private let target: String
    private let temporary: String
    private let existing: Existing
    private var open = true
    private var synced = false

    /// Creates the temporary file for `path`; nothing at `path` is touched until `commit()`.
    /// - Throws: `OutputFileError` (`.cannotCreate`) when no temporary file can be created beside it.
    public convenience init(path: String, existing: Existing = .replace) throws(OutputFileError) {
        let (directory, name) = Self.split(path)
        try self.init(directory: AT_FDCWD, prefix: directory, name: name, path: path, existing: existing)
    }

    /// Creates the temporary file for `name` in the open directory `directory` (its names are never
    /// resolved through a path again: the station's files, whose directory was opened and checked
    /// once); nothing at `name` is touched until `commit()`, which also flushes `directory`.
    /// - Parameters:
    ///   - directory: an open directory's descriptor, which the caller keeps open until `commit()`.
    ///   - name: the file's name in it (no `/`).
    ///   - path: the target's full path, for errors.
    /// - Throws: `OutputFileError` (`.cannotCreate`) when no temporary file can be created beside it.
    public convenience init(in directory: Int32, name: String, path: String, existing: Existing = .replace) throws(OutputFileError) {
        try self.init(directory: directory, prefix: "", name: name, path: path, existing: existing)
    }

    private init(directory: Int32, prefix: String, name: String, path: String, existing: Existing) throws(OutputFileError) {
        self.path = path
        self.existing = existing
        self.directory = directory
        self.target = prefix + name
        guard !name.isEmpty, !name.contains("/") else { throw OutputFileError(path: path, reason: .cannotCreate, errorNumber: ENOENT) }
        let temporaryPrefix = prefix + "." + name + ".\(getpid())."
        var attempt = 0
        while true {
            let candidate = temporaryPrefix + String(attempt)
            let fd = openat(directory, candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                // The umask may have narrowed the mode further; never wider than 0600, and exactly that.
                _ = fchmod(fd, 0o600)
                descriptor = fd
                temporary = candidate
                return
            }
            let code = errno
            // Another writer of this process holds this name (or a crashed one left it): the next one.
            guard code == EEXIST, attempt < 1000 else {
                throw OutputFileError(path: path, reason: .cannotCreate, errorNumber: code)
            }
            attempt += 1
        }
    }

    deinit { if open { discard() } }

    /// Writes all of `bytes` (retrying short writes and `EINTR`); on failure the temporary file is removed.
    /// - Throws: `OutputFileError` (`.diskFull` when the disk is full, else `.cannotWrite`).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        if let code = writeAll(descriptor, bytes) { throw failure(errno: code) }
    }

    /// Records a write error met by code that wrote to `descriptor` itself: removes the
    /// temporary file and returns the error to throw.
    public func failure(errno code: Int32) -> OutputFileError {
        discard()
        return OutputFileError(path: path, reason: .cannotWrite, errorNumber: code)
    }

    /// Flushes the written bytes to stable storage now (another thread may do this while the
    /// caller works on), so that `commit` only renames; on failure the temporary file is removed.
    public func sync() throws(OutputFileError) {
        guard open, !synced else { return }
        if fsync(descriptor) != 0 { throw failure(errno: errno) }
        synced = true
    }

    /// Flushes the file to stable storage (unless `sync` did), moves it into place and, unless
    /// `syncingDirectory` is false (the caller makes the rename durable later), flushes the directory.
    /// - Throws: `OutputFileError`; `.exists` with `.refuse` when the target exists.
    public func commit(syncingDirectory: Bool = true) throws(OutputFileError) {
        guard open else { return }
        try sync()
        open = false
        close(descriptor)
        switch existing {
        case .replace:
            if renameat(directory, temporary, directory, target) != 0 {
                let code = errno
                unlinkat(directory, temporary, 0)
                throw OutputFileError(path: path, reason: .cannotWrite, errorNumber: code)
            }
        case .refuse:
            // link(2) fails with EEXIST instead of replacing: no window for a race.
            let linked = linkat(directory, temporary, directory, target, 0) == 0
            let code = errno
            unlinkat(directory, temporary, 0)
            if !linked {
                throw OutputFileError(path: path, reason: code == EEXIST ? .exists : .cannotWrite, errorNumber: code == EEXIST ? 0 : code)
            }
        }
        if syncingDirectory {
            if directory == AT_FDCWD { Self.syncDirectory(of: path) } else { _ = fsync(directory) }
        }
    }

    /// Abandons the file: the temporary file is removed, the target is untouched.
    public func discard() {
        guard open else { return }
        open = false
        close(descriptor)
        unlinkat(directory, temporary, 0)
    }

    /// Writes `bytes` to `path` in one step: a private (0600) regular file, replaced atomically
    /// or, with `.refuse`, created only where there is none.
    /// - Throws: `OutputFileError`: `.symbolicLink` when `path` is a symbolic link (never followed
    ///   nor replaced), `.directory` or `.unsupportedKind` when it is not a regular file, `.exists`
    ///   with `.refuse`, else `.cannotCreate`, `.cannotWrite` or `.diskFull`.
    public static func write(_ bytes: [UInt8], to path: String, existing: Existing = .replace) throws(OutputFileError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: if existing == .refuse { throw OutputFileError(path: path, reason: .exists) }
            case S_IFLNK: throw OutputFileError(path: path, reason: .symbolicLink)
            case S_IFDIR: throw OutputFileError(path: path, reason: .directory)
            default: throw OutputFileError(path: path, reason: .unsupportedKind)
            }
        }
        let file = try DurableFile(path: path, existing: existing)
        try file.write(bytes)
        try file.commit()
    }

    /// The directory part of `path` (with its trailing `/`, or empty) and the file name.
    static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// Makes a rename into `path`'s directory durable by flushing the directory's entries.
    public static func syncDirectory(of path: String) {
        let directory = split(path).0
        let fd = rawOpen(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

#if canImport(Glibc)
private func rawWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
private func rawOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
#else
private func rawWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
private func rawOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
#endif

/// A file written with `write(_: UnsafeRawBufferPointer)` (`DurableFile`, `OutputFile`);
/// the byte-array and text forms come with it.
public protocol OutputByteSink {
    /// Writes all of `bytes`; on failure the file is discarded.
    func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError)
}

extension OutputByteSink {
    /// Writes `bytes`.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        var failure: OutputFileError?
        bytes.withUnsafeBytes { buffer in
            do throws(OutputFileError) { try write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes the UTF-8 of `text`.
    public func write(_ text: String) throws(OutputFileError) {
        try write(Array(text.utf8))
    }
}

/// Writes all of `bytes` to `fd`, retrying short writes and `EINTR`: nil, or the `errno` of the failure.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
        let n = rawWrite(fd, base + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return nil
}
