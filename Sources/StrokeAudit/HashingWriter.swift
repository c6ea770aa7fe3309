import Crypto
import Foundation
import OutputFiles

/// Writes an export through a 64 KiB buffer into an `OutputFile` (temporary
/// file, fsync, rename; mode 0600) and hashes every byte written (SHA-256),
/// so an export streams in constant memory.
final class HashingWriter {
    private let file: OutputFile
    private var buffer: [UInt8] = []
    private var hasher = SHA256()
    private let limit = 1 << 16

    /// Prepares the file (see `OutputFile` for the rules on links, devices and existing files).
    init(path: String, force: Bool) throws(OutputFileError) {
        file = try OutputFile(path: path, force: force, existing: .refuseUnlessForced)
        buffer.reserveCapacity(limit + 8192)
    }

    /// Appends bytes produced by `body` straight into the buffer.
    func append(_ body: (inout [UInt8]) -> Void) throws(OutputFileError) {
        body(&buffer)
        if buffer.count >= limit { try flush() }
    }

    private func flush() throws(OutputFileError) {
        buffer.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        try file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and returns the SHA-256 of everything written.
    /// Call once, then `commit()`.
    func finish() throws(OutputFileError) -> Data {
        try flush()
        return Data(hasher.finalize())
    }

    /// Fsyncs and moves the file into place.
    func commit() throws(OutputFileError) { try file.commit() }

    /// Abandons the export: nothing is left at its path.
    func discard() { file.discard() }
}
