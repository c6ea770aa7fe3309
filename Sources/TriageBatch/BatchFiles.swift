#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BatchStreaming
import OutputFiles

/// Opens batch input and output files with scoped lifetimes: every
/// descriptor opened here is closed when the closure returns.
public enum BatchFiles {
    /// Calls `body` with the input descriptor (`standardInput`, by default stdin, for `-`;
    /// the caller keeps it open) and its size when it is a regular file.
    /// - Throws: `BatchError.cannotOpenInput`, or what `body` throws.
    public static func withInput<T>(_ path: String, standardInput: Int32 = STDIN_FILENO,
                                    _ body: (Int32, Int?) async throws -> T) async throws -> T {
        let fd: Int32
        if path == "-" {
            fd = standardInput
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw BatchError.cannotOpenInput(path, errno: errno) }
        }
        defer { if path != "-" { close(fd) } }
        var info = stat()
        let size: Int? = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        return try await body(fd, size)
    }

    /// Calls `body` with the output descriptor (`standardOutput`, by default stdout, for `-`;
    /// the caller keeps it open). A file is
    /// written as an `OutputFile`: a temporary file (mode 0600) in the target's
    /// directory, moved into place only when the run completes; a device or
    /// pipe is written straight through (never truncated or chmodded); a
    /// symbolic link is refused without `force`. When `body` throws, nothing is left behind.
    /// - Throws: `BatchError.outputIsInput` when the output is the file being
    ///   read, `OutputFileError` (`.diskFull` for a full disk), or what `body` throws.
    public static func withOutput<T>(_ path: String, force: Bool, input: Int32, standardOutput: Int32 = STDOUT_FILENO,
                                     _ body: (Int32) async throws -> T) async throws -> T {
        guard path != "-" else {
            do { return try await body(standardOutput) } catch let error as StreamingError where error.code == "batch.writeFailed" {
                throw OutputFileError(path: "-", reason: .cannotWrite, errorNumber: error.errorNumber)
            }
        }
        // Replacing the file being read would destroy the input.
        var existing = stat(), reading = stat()
        if stat(path, &existing) == 0, fstat(input, &reading) == 0,
           existing.st_dev == reading.st_dev, existing.st_ino == reading.st_ino {
            throw BatchError.outputIsInput(path)
        }
        let file = try OutputFile(path: path, force: force, existing: .replace)
        let result: T
        do {
            result = try await body(file.descriptor)
        } catch let error as StreamingError where error.code == "batch.writeFailed" {
            throw file.failure(errno: error.errorNumber)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
        return result
    }
}
