#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens batch input and output files with scoped lifetimes: every
/// descriptor opened here is closed when the closure returns.
enum BatchFiles {
    /// Permissions of every output file: it holds patient data.
    static let outputMode: mode_t = 0o600

    /// Calls `body` with the input descriptor (stdin for `-`) and its size when it is a regular file.
    /// - Throws: `BatchError.cannotOpenInput`, or what `body` throws.
    static func withInput<T>(_ path: String, _ body: (Int32, Int?) async throws -> T) async throws -> T {
        let fd: Int32
        if path == "-" {
            fd = STDIN_FILENO
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw BatchError.cannotOpenInput(path, errno: errno) }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        let size: Int? = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        return try await body(fd, size)
    }

    /// Calls `body` with the output descriptor (stdout for `-`); a file is
    /// created or truncated with mode 0600 (also when it existed with wider permissions).
    /// - Throws: `BatchError.outputIsInput` when the output is the file being
    ///   read, `BatchError.cannotCreateOutput`, or what `body` throws.
    static func withOutput<T>(_ path: String, input: Int32, _ body: (Int32) async throws -> T) async throws -> T {
        guard path != "-" else { return try await body(STDOUT_FILENO) }
        // Truncating the file being read would destroy the input.
        var existing = stat(), reading = stat()
        if stat(path, &existing) == 0, fstat(input, &reading) == 0,
           existing.st_dev == reading.st_dev, existing.st_ino == reading.st_ino {
            throw BatchError.outputIsInput(path)
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, outputMode)
        guard fd >= 0 else { throw BatchError.cannotCreateOutput(path, errno: errno) }
        defer { close(fd) }
        guard fchmod(fd, outputMode) == 0 else { throw BatchError.cannotCreateOutput(path, errno: errno) }
        return try await body(fd)
    }
}
