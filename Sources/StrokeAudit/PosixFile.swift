#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says of a path the audit log reads (its key file). Files are
/// written by `DurableFile` (OutputFiles), never here.
enum PosixFile {
    /// The permission bits of a file, or nil when it does not exist.
    static func mode(_ path: String) -> mode_t? {
        typeAndMode(path)?.1
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
}
