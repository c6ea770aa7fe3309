#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor in fixed-size chunks and hands out one line at a
/// time, without ever holding more than one chunk plus the longest line: the
/// project's one line reader (batch input, audit export verification).
///
/// Lines end at `\n`; a `\r` before it is dropped (CRLF files) unless the reader
/// keeps carriage returns. The last line needs no terminator. Line numbers start
/// at 1. The reader does not own the descriptor: the caller opens and closes it.
/// An optional chunk observer sees every byte read, in order, exactly once
/// (the audit export verifier hashes the file with it while reading).
///
/// ```swift
/// let handle = try FileHandle(forReadingFrom: url)
/// defer { try? handle.close() }
/// let reader = LineReader(fd: handle.fileDescriptor)
/// while try reader.nextLine({ line in print(reader.lineNumber, String(decoding: line, as: UTF8.self)) }) {}
/// ```
public final class LineReader {
    /// Called with every chunk of bytes read from the descriptor, in order.
    public typealias ChunkObserver = (UnsafeRawBufferPointer) -> Void

    /// Bytes asked of `read(2)` at a time.
    public static let chunkSize = 256 * 1024
    /// The longest line accepted, in bytes. A longer line is skipped and counted,
    /// and `nextLine` throws `StreamingError.lineTooLong` for it; the next call goes on after it.
    public static let maximumLineLength = 1 << 20

    private let fd: Int32
    private let dropsCarriageReturns: Bool
    private let observer: ChunkObserver?
    // Unchecked exclusivity: one reader is driven from one place at a time.
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var atEOF = false
    /// The number of the line last returned (1-based), 0 before the first.
    @exclusivity(unchecked) public private(set) var lineNumber = 0
    /// Bytes consumed from the descriptor so far (for progress against a known size).
    @exclusivity(unchecked) public private(set) var bytesRead = 0

    /// Creates a reader of `fd`.
    /// - Parameters:
    ///   - keepsCarriageReturns: hand out a `\r` before `\n` as part of the line (default: drop it).
    ///   - observer: sees every chunk read from `fd`, including the bytes of skipped over-long lines.
    public init(fd: Int32, keepsCarriageReturns: Bool = false, observer: ChunkObserver? = nil) {
        self.fd = fd
        self.dropsCarriageReturns = !keepsCarriageReturns
        self.observer = observer
        self.capacity = Self.chunkSize
        self.buffer = .allocate(capacity: Self.chunkSize)
    }

    deinit { buffer.deallocate() }

    /// Calls `body` with the next line (without its terminator) and returns
    /// `true`, or returns `false` at the end of the input. The buffer is valid
    /// only inside `body`.
    /// - Throws: `StreamingError` when reading fails or a line is too long, or what `body` throws.
    public func nextLine(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        var scanned = start
        while true {
            if let newline = Self.find(buffer + scanned, end - scanned) {
                let index = newline - buffer
                var lineEnd = index
                if dropsCarriageReturns, lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                guard lineEnd - start <= Self.maximumLineLength else {
                    start = index + 1
                    lineNumber += 1
                    throw StreamingError.lineTooLong
                }
                let line = UnsafeBufferPointer(start: buffer + start, count: lineEnd - start)
                start = index + 1
                lineNumber += 1
                try body(line)
                return true
            }
            scanned = end
            if atEOF {
                guard start < end else { return false }
                var lineEnd = end
                if dropsCarriageReturns, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                guard lineEnd - start <= Self.maximumLineLength else {
                    start = end
                    lineNumber += 1
                    throw StreamingError.lineTooLong
                }
                let line = UnsafeBufferPointer(start: buffer + start, count: lineEnd - start)
                start = end
                lineNumber += 1
                try body(line)
                return true
            }
            let shift = start
            try fill()
            scanned -= shift
        }
    }

    /// Moves the unread tail to the front, grows the buffer for a long line, and reads more.
    private func fill() throws(StreamingError) {
        if start > 0 {
            let pending = end - start
            if pending > 0 { (buffer).update(from: buffer + start, count: pending) }
            end = pending
            start = 0
        }
        if end == capacity {
            guard end <= Self.maximumLineLength else { try skipLongLine() }
            // A line longer than a chunk: grow, keeping the reader's memory bounded.
            let newCapacity = min(capacity * 2, Self.maximumLineLength + Self.chunkSize)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: buffer, count: end)
            swapBuffer(grown, capacity: newCapacity)
        }
        while true {
            let n = read(fd, buffer + end, capacity - end)
            if n > 0 {
                observer?(UnsafeRawBufferPointer(start: buffer + end, count: n))
                end += n
                bytesRead += n
                return
            }
            if n == 0 { atEOF = true; return }
            if errno == EINTR { continue }
            throw .readFailed(errno: errno)
        }
    }

    /// Drops the over-long line that fills the buffer, reading on to its end
    /// in constant memory, counts it, and throws `.lineTooLong`; the next
    /// `nextLine` call continues after it.
    private func skipLongLine() throws(StreamingError) -> Never {
        start = 0
        end = 0
        while true {
            let n = read(fd, buffer, capacity)
            if n < 0 {
                if errno == EINTR { continue }
                throw .readFailed(errno: errno)
            }
            if n == 0 { atEOF = true; break }
            observer?(UnsafeRawBufferPointer(start: buffer, count: n))
            bytesRead += n
            if let newline = Self.find(buffer, n) {
                start = newline - buffer + 1
                end = n
                break
            }
        }
        lineNumber += 1
        throw .lineTooLong
    }

    private func swapBuffer(_ new: UnsafeMutablePointer<UInt8>, capacity newCapacity: Int) {
        buffer.deallocate()
        buffer = new
        capacity = newCapacity
    }

    private static func find(_ from: UnsafeMutablePointer<UInt8>, _ count: Int) -> UnsafeMutablePointer<UInt8>? {
        guard count > 0, let hit = memchr(from, Int32(UInt8(ascii: "\n")), count) else { return nil }
        return hit.assumingMemoryBound(to: UInt8.self)
    }
}
