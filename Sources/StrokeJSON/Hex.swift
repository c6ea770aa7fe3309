import Foundation

/// Lower-case hexadecimal text of bytes, and back: the project's one hex rule
/// (audit log ids and chain hashes, fleet exports, collector signatures, case ids,
/// request nonces).
///
/// Encoding always writes lower-case digits. Decoding accepts either case unless
/// `lowercaseOnly` is set (the wire forms that must be canonical: fleet exports,
/// signed heads, case ids), and refuses odd lengths and non-hex characters.
///
/// ```swift
/// import StrokeJSON
///
/// let text = Hex.encode(Data([0x00, 0xab, 0xff]))   // "00abff"
/// let bytes = Hex.decode("00ABFF")                    // Data([0x00, 0xab, 0xff])
/// let strict = Hex.decode("00ABFF", lowercaseOnly: true) // nil
/// ```
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The lower-case hex text of `bytes` (two digits per byte).
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.underestimatedCount * 2)
        append(bytes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the lower-case hex digits (UTF-8) of `bytes` to `buffer`.
    public static func append(_ bytes: some Sequence<UInt8>, to buffer: inout [UInt8]) {
        digits.withUnsafeBufferPointer { digits in
            for byte in bytes {
                buffer.append(digits[Int(byte >> 4)])
                buffer.append(digits[Int(byte & 0x0f)])
            }
        }
    }

    /// The lower-case hex text of `count` bytes from the system's secure random
    /// number generator (a nonce or an identifier, `2 × count` digits).
    public static func random(byteCount count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return encode((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The bytes of hex text, or nil if it is not even-length hex (or, with
    /// `lowercaseOnly`, if it holds an upper-case digit). Empty text is zero bytes.
    public static func decode(_ text: some StringProtocol, lowercaseOnly: Bool = false) -> Data? {
        decode(utf8: text.utf8, lowercaseOnly: lowercaseOnly)
    }

    /// The bytes of hex digits given as UTF-8 code units, or nil (the rules of `decode(_:lowercaseOnly:)`).
    public static func decode(utf8: some Collection<UInt8>, lowercaseOnly: Bool = false) -> Data? {
        guard utf8.count % 2 == 0 else { return nil }
        var out = Data(capacity: utf8.count / 2)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let next = utf8.index(after: index)
            guard let high = value(utf8[index], lowercaseOnly), let low = value(utf8[next], lowercaseOnly) else { return nil }
            out.append(high << 4 | low)
            index = utf8.index(after: next)
        }
        return out
    }

    /// True when `text` is exactly `byteCount` bytes of hex (with `lowercaseOnly`, lower-case digits only).
    public static func isHex(_ text: some StringProtocol, byteCount: Int, lowercaseOnly: Bool = false) -> Bool {
        text.utf8.count == byteCount * 2 && text.utf8.allSatisfy { value($0, lowercaseOnly) != nil }
    }

    /// The value of one hex digit, or nil.
    private static func value(_ c: UInt8, _ lowercaseOnly: Bool) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 97...102: return c - 87
        case 65...70 where !lowercaseOnly: return c - 55
        default: return nil
        }
    }
}
