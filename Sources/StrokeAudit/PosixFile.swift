#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file opened for writing with mode 0600, written with `write(2)` and
/// made durable with `fsync(2)`. The one owner of its descriptor.
final class PosixFile {
    private var descriptor: Int32
    /// The file's path.
    let path: String

    /// Creates (or with `exclusive: false` truncates) the file with mode 0600.
    init(creating path: String, exclusive: Bool) throws {
        self.path = path
        var flags = O_WRONLY | O_CREAT | O_CLOEXEC
        flags |= exclusive ? O_EXCL : O_TRUNC
        descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { throw PosixError(call: "open", code: errno) }
        // An existing file keeps its mode on O_TRUNC: force 0600.
        guard fchmod(descriptor, 0o600) == 0 else {
            let code = errno
            close(descriptor)
            descriptor = -1
            throw PosixError(call: "fchmod", code: code)
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Writes all bytes (retrying short writes and EINTR).
    func write(_ data: Data) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = Glibc_write(descriptor, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw PosixError(call: "write", code: errno)
                }
                offset += n
            }
        }
    }

    /// Flushes to stable storage and closes the file.
    func syncAndClose() throws {
        guard descriptor >= 0 else { return }
        let synced = fsync(descriptor)
        let code = errno
        close(descriptor)
        descriptor = -1
        if synced != 0 { throw PosixError(call: "fsync", code: code) }
    }

    /// Flushes a directory's entries (after a rename or link into it).
    static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The permission bits of a file, or nil when it does not exist.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// What kind of file a path names.
    enum FileType { case regular, directory, other }

    /// The type and permission bits of a file (following symlinks), or nil when it does not exist.
    static func typeAndMode(_ path: String) -> (FileType, mode_t)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let format = info.st_mode & S_IFMT
        let type: FileType = format == S_IFREG ? .regular : format == S_IFDIR ? .directory : .other
        return (type, info.st_mode & 0o7777)
    }

    /// Hard-links `source` to `destination`; false if the destination exists.
    static func linkIfAbsent(_ source: String, _ destination: String) throws -> Bool {
        if link(source, destination) == 0 { return true }
        if errno == EEXIST { return false }
        throw PosixError(call: "link", code: errno)
    }

    /// Renames atomically, replacing the destination.
    static func replace(_ source: String, _ destination: String) throws {
        guard rename(source, destination) == 0 else { throw PosixError(call: "rename", code: errno) }
    }

    /// Removes a file, ignoring a missing one.
    static func remove(_ path: String) { _ = unlink(path) }

    /// A failed system call and its errno text.
    struct PosixError: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
        /// True when the disk (or quota) is full.
        var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
    }
}

#if canImport(Glibc)
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
#else
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
#endif
