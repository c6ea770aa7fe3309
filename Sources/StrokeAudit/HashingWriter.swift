import Crypto
import Foundation

/// Writes a 0600 file through a 64 KiB buffer and hashes every byte written
/// (SHA-256), so an export streams in constant memory.
final class HashingWriter {
    private let file: PosixFile
    private var buffer: [UInt8] = []
    private var hasher = SHA256()
    private let limit = 1 << 16

    /// Creates (truncating) the file with mode 0600.
    init(path: String) throws {
        file = try PosixFile(creating: path, exclusive: false)
        buffer.reserveCapacity(limit + 8192)
    }

    /// Appends bytes produced by `body` straight into the buffer.
    func append(_ body: (inout [UInt8]) -> Void) throws {
        body(&buffer)
        if buffer.count >= limit { try flush() }
    }

    private func flush() throws {
        buffer.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        try file.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, fsyncs and closes; returns the SHA-256 of everything written.
    func finish() throws -> Data {
        try flush()
        try file.syncAndClose()
        return Data(hasher.finalize())
    }
}
