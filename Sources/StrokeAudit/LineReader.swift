import Crypto
import Foundation

/// Reads a file line by line (LF) through a 64 KiB buffer, hashing every
/// byte (SHA-256) as it goes: constant memory however large the file.
final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var hasher = SHA256()

    /// Opens the file.
    init(url: URL) throws {
        guard let handle = try? FileHandle(forReadingFrom: url) else { throw AuditError.exportUnreadable(url.path) }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// The next line without its LF, or nil at the end of the file.
    func next() throws -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
            if chunk.isEmpty { atEnd = true } else {
                hasher.update(data: chunk)
                buffer.append(contentsOf: chunk)
            }
        }
    }

    /// The SHA-256 of every byte read (call after `next()` returned nil).
    func digest() -> Data { Data(hasher.finalize()) }
}
