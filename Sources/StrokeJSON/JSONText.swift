/// Where JSON bytes go: a growable byte array or a buffered file writer.
///
/// The escaper and the writers append through this protocol, so a hot path
/// with its own buffer (the batch `ByteWriter`) shares the very same code as
/// `[UInt8]` and `String` output.
public protocol JSONByteSink {
    /// Appends one byte.
    mutating func appendJSONByte(_ byte: UInt8)
    /// Appends a run of bytes.
    mutating func appendJSONBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONByteSink where Element == UInt8 {
    /// Appends one byte.
    @inlinable public mutating func appendJSONByte(_ byte: UInt8) { append(byte) }
    /// Appends a run of bytes.
    @inlinable public mutating func appendJSONBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// The one JSON string escaper and the one number form, shared by every
/// module that writes JSON (audit records and exports, cloud requests, the
/// local API, batch output, command output).
///
/// Escapes (RFC 8259): `"` `\\` as `\\"` `\\\\`; line feed, carriage return and tab
/// as `\\n` `\\r` `\\t`; every other control character below U+0020 as `\\u00xx`
/// (lower-case hex). Everything else, DEL and non-BMP characters included,
/// is written as its own UTF-8.
///
/// ```swift
/// JSONText.quote("a\"b")       // "\"a\\\"b\""
/// JSONText.number(5)           // "5.0"
/// var out: [UInt8] = []
/// JSONText.appendQuoted("ü", to: &out)
/// ```
public enum JSONText {
    /// The escape letter for `byte` (`n`, `r`, `t`, `"`, `\\`, or `u` for `\\u00xx`), or 0 when written as is.
    @inlinable @inline(__always)
    public static func escapeLetter(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x22: return 0x22
        case 0x5C: return 0x5C
        case 0x0A: return UInt8(ascii: "n")
        case 0x0D: return UInt8(ascii: "r")
        case 0x09: return UInt8(ascii: "t")
        case 0..<0x20: return UInt8(ascii: "u")
        default: return 0
        }
    }

    /// Appends the UTF-8 text `utf8` as a quoted JSON string to `sink`.
    @inlinable
    public static func appendQuoted<Sink: JSONByteSink>(utf8: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
        sink.appendJSONByte(0x22)
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let letter = escapeLetter(utf8[index])
            if letter == 0 { index += 1; continue }
            if index > runStart { sink.appendJSONBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            sink.appendJSONByte(0x5C)
            sink.appendJSONByte(letter)
            if letter == UInt8(ascii: "u") {
                let byte = utf8[index]
                sink.appendJSONByte(UInt8(ascii: "0"))
                sink.appendJSONByte(UInt8(ascii: "0"))
                sink.appendJSONByte(hexDigit(byte >> 4))
                sink.appendJSONByte(hexDigit(byte & 0x0F))
            }
            index += 1
            runStart = index
        }
        if count > runStart { sink.appendJSONBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
        sink.appendJSONByte(0x22)
    }

    /// Appends `text` as a quoted JSON string to `sink`.
    @inlinable
    public static func appendQuoted<Sink: JSONByteSink>(_ text: String, to sink: inout Sink) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0, to: &sink) }
    }

    /// `text` as a quoted JSON string.
    public static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @inlinable @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The one number form for doubles: Swift's shortest round-trip form, which
    /// always has a decimal point or an exponent (`5.0`, `0.1`, `1e-05`, `1e+16`);
    /// `-0.0` is written as `0.0`, and a non-finite value (never valid JSON) as `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == 0 ? "0.0" : value.description
    }

    /// Appends `number(value)` to `sink` without building a `String`.
    public static func appendNumber<Sink: JSONByteSink>(_ value: Double, to sink: inout Sink) {
        guard value.isFinite else { return appendASCII("null", to: &sink) }
        var digits = NumberDigits()
        (value == 0 ? 0.0 : value).write(to: &digits)
        digits.emit(to: &sink)
    }

    /// Appends a whole number in decimal to `sink`.
    public static func appendInteger<Sink: JSONByteSink>(_ value: Int, to sink: inout Sink) {
        // 20 digits and a sign fit; written from the end.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            var magnitude = value.magnitude
            var k = raw.count
            repeat {
                k -= 1
                raw[k] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { k -= 1; raw[k] = UInt8(ascii: "-") }
            let bytes = raw.bindMemory(to: UInt8.self)
            sink.appendJSONBytes(UnsafeBufferPointer(rebasing: bytes[k...]))
        }
    }

    /// Appends a constant ASCII word (`null`, `true`, punctuation) to `sink`.
    @inlinable
    public static func appendASCII<Sink: JSONByteSink>(_ word: StaticString, to sink: inout Sink) {
        sink.appendJSONBytes(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }
}

/// A fixed scratch buffer that the standard library's number printing writes into
/// (through `_writeASCII`), so numbers reach a sink without a heap `String`.
struct NumberDigits: TextOutputStream {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private var count = 0
    private var overflow: [UInt8] = []

    mutating func write(_ string: String) {
        for byte in string.utf8 { push(byte) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        for byte in buffer { push(byte) }
    }

    private mutating func push(_ byte: UInt8) {
        if count < 48 {
            withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
        } else {
            overflow.append(byte)
        }
        count += 1
    }

    func emit<Sink: JSONByteSink>(to sink: inout Sink) {
        var storage = storage
        withUnsafeBytes(of: &storage) { raw in
            sink.appendJSONBytes(UnsafeBufferPointer(start: raw.bindMemory(to: UInt8.self).baseAddress, count: min(count, 48)))
        }
        if !overflow.isEmpty { overflow.withUnsafeBufferPointer { sink.appendJSONBytes($0) } }
    }
}
