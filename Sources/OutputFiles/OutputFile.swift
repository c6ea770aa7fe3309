#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way stroke-triage writes a file that holds patient data (handover
/// reports, audit exports and their manifests, batch output).
///
/// - A new or replaced file is written by `DurableFile`: a temporary file (mode
///   0600) in the target's directory, flushed with `fsync` and renamed into
///   place, so a reader never sees half a file and a failure leaves nothing behind.
/// - Nothing that is not a regular file created here is ever truncated or
///   chmodded. A character device or a FIFO (`/dev/null`, a named pipe) is
///   written straight through, as a shell redirection would; a directory, a
///   block device or a socket is refused.
/// - A symbolic link is refused unless `force` is set; then its target is
///   written as if it had been named.
/// - An existing regular file is replaced, or with `.refuseUnlessForced`
///   refused unless `force` is set (checked again atomically at the end).
/// - A full disk is reported as `.diskFull`, with the temporary file removed.
public final class OutputFile: OutputByteSink {
    /// What to do when the target already exists as a regular file.
    public enum ExistingFile: Sendable {
        /// Replace it (reports, batch output).
        case replace
        /// Refuse unless `force` is set (audit exports).
        case refuseUnlessForced
    }

    /// The path as the user gave it (used in messages).
    public let path: String
    /// The descriptor to write to; valid until `commit()` or `discard()`.
    public let descriptor: Int32
    /// The durable file renamed into place; nil when writing straight to a device or FIFO.
    private let durable: DurableFile?
    private var open = true

    /// Prepares to write `path`; nothing at `path` is touched until `commit()`.
    /// - Throws: `OutputFileError` when the path is refused or cannot be created.
    public init(path: String, force: Bool, existing: ExistingFile) throws(OutputFileError) {
        self.path = path
        guard !path.isEmpty else { throw OutputFileError(path: path, reason: .cannotCreate, errorNumber: ENOENT) }
        var target = path
        var info = stat()
        var exists = lstat(path, &info) == 0
        if exists, (info.st_mode & S_IFMT) == S_IFLNK {
            guard force else { throw OutputFileError(path: path, reason: .symbolicLink) }
            target = Self.resolveLink(path)
            exists = lstat(target, &info) == 0
        }
        if exists {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if existing == .refuseUnlessForced, !force { throw OutputFileError(path: path, reason: .exists) }
            case S_IFCHR, S_IFIFO:
                // Written straight through: never created, truncated, chmodded or renamed.
                let fd = Glibc_open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
                guard fd >= 0 else { throw OutputFileError(path: path, reason: .cannotCreate, errorNumber: errno) }
                descriptor = fd
                durable = nil
                return
            case S_IFDIR:
                throw OutputFileError(path: path, reason: .directory)
            default:
                throw OutputFileError(path: path, reason: .unsupportedKind)
            }
        }
        do throws(OutputFileError) {
            let file = try DurableFile(path: target, existing: existing == .refuseUnlessForced && !force ? .refuse : .replace)
            descriptor = file.descriptor
            durable = file
        } catch {
            throw Self.named(error, path)
        }
    }

    deinit { if open { discard() } }

    /// Writes all of `bytes` (retrying short writes and EINTR); on failure
    /// the temporary file is removed.
    /// - Throws: `OutputFileError` (`.diskFull` when the disk is full).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        if let durable {
            do throws(OutputFileError) { try durable.write(bytes) } catch { throw fail(error) }
            return
        }
        if let code = writeAll(descriptor, bytes) {
            throw fail(OutputFileError(path: path, reason: .cannotWrite, errorNumber: code))
        }
    }

    /// Records a write error met by code that wrote to `descriptor` itself
    /// (e.g. a buffered writer): removes the temporary file and returns the error to throw.
    public func failure(errno code: Int32) -> OutputFileError {
        fail(OutputFileError(path: path, reason: .cannotWrite, errorNumber: code))
    }

    /// Flushes to stable storage and moves the file into place.
    /// - Throws: `OutputFileError`; `.exists` when a refused file appeared meanwhile.
    public func commit() throws(OutputFileError) {
        guard open else { return }
        open = false
        guard let durable else {
            close(descriptor)
            return
        }
        do throws(OutputFileError) { try durable.commit() } catch { throw Self.named(error, path) }
    }

    /// Abandons the file: the temporary file is removed, the target is untouched.
    public func discard() {
        guard open else { return }
        open = false
        if let durable { durable.discard() } else { close(descriptor) }
    }

    /// Checks `path` against the rules (link, existing file, directory, kind)
    /// without creating anything, so that a second file (a manifest) can be
    /// refused before the first is written.
    /// - Throws: `OutputFileError` when the path would be refused.
    public static func preflight(path: String, force: Bool, existing: ExistingFile) throws(OutputFileError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: if !force { throw OutputFileError(path: path, reason: .symbolicLink) }
        case S_IFREG: if existing == .refuseUnlessForced, !force { throw OutputFileError(path: path, reason: .exists) }
        case S_IFCHR, S_IFIFO: return
        case S_IFDIR: throw OutputFileError(path: path, reason: .directory)
        default: throw OutputFileError(path: path, reason: .unsupportedKind)
        }
    }

    /// Writes `text` to `path` in one step (see the type's rules).
    public static func write(_ text: String, to path: String, force: Bool, existing: ExistingFile) throws(OutputFileError) {
        let file = try OutputFile(path: path, force: force, existing: existing)
        try file.write(text)
        try file.commit()
    }

    private func fail(_ error: OutputFileError) -> OutputFileError {
        discard()
        return Self.named(error, path)
    }

    /// The error as the user named the file (not the link's target).
    private static func named(_ error: OutputFileError, _ path: String) -> OutputFileError {
        OutputFileError(path: path, reason: error.reason, errorNumber: error.errorNumber)
    }

    /// The directory part (with its trailing `/`, or empty) and the file name.
    private static func split(_ path: String) -> (String, String) { DurableFile.split(path) }

    /// The final target of a symbolic link (also when it does not exist yet).
    private static func resolveLink(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, Int(PATH_MAX))
            guard n > 0 else { return current }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : split(current).0 + link
        }
        return current
    }
}

#if canImport(Glibc)
private func Glibc_open(_ path: String, _ flags: Int32) -> Int32 { Glibc.open(path, flags) }
#else
private func Glibc_open(_ path: String, _ flags: Int32) -> Int32 { Darwin.open(path, flags) }
#endif
