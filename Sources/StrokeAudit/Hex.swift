import Foundation

/// Lower-case hexadecimal text of bytes, and back (the audit log's, the fleet export's
/// and the collector's one hex rule).
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The lower-case hex text of `data`.
    public static func encode(_ data: Data) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of hex text, or nil if it is not even-length hex (or, with
    /// `lowercaseOnly`, if it holds an upper-case digit).
    public static func decode(_ text: Substring, lowercaseOnly: Bool = false) -> Data? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var out = Data(capacity: utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(utf8[index], lowercaseOnly), let low = value(utf8[index + 1], lowercaseOnly) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func value(_ c: UInt8, _ lowercaseOnly: Bool) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 97...102: return c - 87
        case 65...70 where !lowercaseOnly: return c - 55
        default: return nil
        }
    }
}
