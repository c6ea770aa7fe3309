#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeJSON

/// A buffered writer to a file descriptor: bytes collect in one fixed buffer
/// and go out in large `write(2)` calls. It does not own the descriptor.
///
/// Also a `TextOutputStream`, so that `Double.write(to:)` puts the shortest
/// round-trip digits straight into the buffer without building a `String`,
/// and a `JSONByteSink`, so StrokeJSON's escaper and writers append to it directly.
public final class ByteWriter: TextOutputStream, JSONByteSink {
    /// The buffer is flushed once it holds this many bytes.
    public static let flushThreshold = 256 * 1024

    @usableFromInline let fd: Int32
    // Unchecked: the writer is used from one place at a time, and dynamic
    // exclusivity checks on these cost more than the appends themselves.
    @exclusivity(unchecked) @usableFromInline var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// The first write error, if any; later writes are dropped.
    public private(set) var failure: StreamingError?

    /// Creates a writer to `fd`.
    public init(fd: Int32) {
        self.fd = fd
        self.capacity = Self.flushThreshold * 2
        self.buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// Appends raw bytes.
    @inlinable public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (buffer + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends one byte.
    @inlinable public func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        buffer[count] = byte
        count += 1
    }

    /// Appends a string's UTF-8.
    @inlinable public func write(_ string: String) {
        var s = string
        s.withUTF8 { append($0) }
    }

    /// Appends a compile-time constant's UTF-8 (no reference counting).
    @inlinable public func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends ASCII produced by the standard library's number printing.
    @inlinable public func _writeASCII(_ bytes: UnsafeBufferPointer<UInt8>) { append(bytes) }

    /// Appends a double in StrokeJSON's number form (`JSONText.number`: shortest
    /// round-trip, `0.5119570957664139`, `5.0`, `1e-05`); nothing for NaN or infinity.
    /// Kept beside `JSONText.appendNumber` because batch writes millions of numbers
    /// straight into this buffer (tested byte for byte against it).
    @inlinable public func append(_ value: Double) {
        guard value.isFinite else { return }
        var sink = self
        (value == 0 ? 0 : value).write(to: &sink)  // never "-0.0"
    }

    /// Appends an integer in decimal.
    public func append(_ value: Int) {
        reserve(21)
        if value < 0 { buffer[count] = UInt8(ascii: "-"); count += 1 }
        var magnitude = value.magnitude
        var digits = 0
        var scratch = magnitude
        repeat { digits += 1; scratch /= 10 } while scratch > 0
        var k = count + digits - 1
        repeat {
            buffer[k] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            k -= 1
        } while magnitude > 0
        count += digits
    }

    /// Appends text as one CSV field, quoted only when it holds a comma, quote or line break.
    public func appendCSVField(_ bytes: UnsafeBufferPointer<UInt8>) {
        let needsQuotes = bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return append(bytes) }
        append(UInt8(ascii: "\""))
        for c in bytes {
            if c == UInt8(ascii: "\"") { append(c) }
            append(c)
        }
        append(UInt8(ascii: "\""))
    }

    /// Appends a string as one CSV field (see `appendCSVField(_:)`).
    public func appendCSVField(_ string: String) {
        var s = string
        s.withUTF8 { appendCSVField($0) }
    }

    /// Appends UTF-8 text as a JSON string literal (StrokeJSON's escaper, `JSONText.appendQuoted`).
    public func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>) {
        var sink = self
        JSONText.appendQuoted(utf8: bytes, to: &sink)
    }

    /// Appends a string as a JSON string literal.
    public func appendJSONString(_ string: String) {
        var sink = self
        JSONText.appendQuoted(string, to: &sink)
    }

    /// Appends one byte (`JSONByteSink`).
    @inlinable public func appendJSONByte(_ byte: UInt8) { append(byte) }

    /// Appends a run of bytes (`JSONByteSink`).
    @inlinable public func appendJSONBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(bytes) }

    /// Writes the buffer out when it is over the threshold; call once per record.
    @inlinable public func endRecord() {
        if count >= Self.flushThreshold { flush() }
    }

    /// Writes everything buffered.
    public func flush() {
        defer { count = 0 }
        guard failure == nil else { return }
        var offset = 0
        while offset < count {
            let n = systemWrite(fd, buffer + offset, count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = .writeFailed(errno: errno)
                return
            }
            offset += n
        }
    }

    /// Makes room for `extra` more bytes.
    @inlinable func reserve(_ extra: Int) {
        if count + extra > capacity { grow(extra) }
    }

    /// Flushes, and grows the buffer when one record is larger than it.
    @usableFromInline func grow(_ extra: Int) {
        flush()
        guard extra > capacity else { return }
        buffer.deallocate()
        capacity = extra * 2
        buffer = .allocate(capacity: capacity)
    }
}

/// `write(2)`, named apart from `ByteWriter.write(_:)`.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, bytes, count)
    #else
    Darwin.write(fd, bytes, count)
    #endif
}
