#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered writer to a file descriptor: bytes collect in one reusable
/// buffer and go out in large `write(2)` calls. It does not own the descriptor.
///
/// Also a `TextOutputStream`, so that `Double.write(to:)` puts the shortest
/// round-trip digits straight into the buffer without building a `String`.
public struct ByteWriter: TextOutputStream {
    /// The buffer is flushed once it holds this many bytes.
    public static let flushThreshold = 256 * 1024

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// The first write error, if any; later writes are dropped.
    public private(set) var failure: StreamingError?

    /// Creates a writer to `fd`.
    public init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(Self.flushThreshold + 4096)
    }

    /// Appends raw bytes.
    @inlinable public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendBytes(bytes)
    }

    /// Appends one byte.
    public mutating func append(_ byte: UInt8) { buffer.append(byte) }

    /// Appends a string's UTF-8.
    public mutating func write(_ string: String) {
        var s = string
        s.withUTF8 { appendBytes($0) }
    }

    /// Appends ASCII produced by the standard library's number printing.
    public mutating func _writeASCII(_ bytes: UnsafeBufferPointer<UInt8>) { appendBytes(bytes) }

    /// Appends a double in its shortest round-trip form with a '.' decimal
    /// (`0.5119570957664139`, `5.0`, `1e-05`); nothing for NaN or infinity.
    public mutating func append(_ value: Double) {
        guard value.isFinite else { return }
        value.write(to: &self)
    }

    /// Appends an integer in decimal.
    public mutating func append(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 20 digits at most, kept off the heap
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
        }
        withUnsafeBytes(of: &digits) { raw in
            for k in stride(from: count - 1, through: 0, by: -1) { buffer.append(raw[k]) }
        }
    }

    /// Appends text as one CSV field, quoted only when it holds a comma, quote or line break.
    public mutating func appendCSVField(_ bytes: UnsafeBufferPointer<UInt8>) {
        let needsQuotes = bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return appendBytes(bytes) }
        buffer.append(UInt8(ascii: "\""))
        for c in bytes {
            if c == UInt8(ascii: "\"") { buffer.append(c) }
            buffer.append(c)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends a string as one CSV field (see `appendCSVField(_:)`).
    public mutating func appendCSVField(_ string: String) {
        var s = string
        s.withUTF8 { appendCSVField($0) }
    }

    /// Appends a string as a JSON string literal with escapes.
    public mutating func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(UInt8(ascii: "\""))
        for c in bytes {
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\")); buffer.append(c)
            case 0x0A: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "n"))
            case 0x0D: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "r"))
            case 0x09: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "t"))
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                appendBytes([UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(c >> 4)], hex[Int(c & 15)]])
            default: buffer.append(c)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends a string as a JSON string literal.
    public mutating func appendJSONString(_ string: String) {
        var s = string
        s.withUTF8 { appendJSONString($0) }
    }

    /// Writes the buffer out when it is over the threshold; call once per record.
    @inline(__always) public mutating func endRecord() {
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes everything buffered.
    public mutating func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .writeFailed(errno: errno)
                    return
                }
                offset += n
            }
        }
    }

    @usableFromInline mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    private mutating func appendBytes(_ bytes: [UInt8]) { buffer.append(contentsOf: bytes) }
}

/// `write(2)`, named apart from `ByteWriter.write(_:)`.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, bytes, count)
    #else
    Darwin.write(fd, bytes, count)
    #endif
}
