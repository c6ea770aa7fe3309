import Foundation

/// Fast text encodings written straight into a byte buffer, and their
/// decoders reading straight from a byte slice (the streamed export and its
/// verifier handle 100 000 records a second; no intermediate Strings).
enum ByteText {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    private static let base64Digits: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, digit) in base64Digits.enumerated() { table[Int(digit)] = UInt8(index) }
        return table
    }()

    /// Appends lower-case hex.
    static func appendHex(_ data: Data, to out: inout [UInt8]) {
        for byte in data {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
    }

    /// Appends standard base64 with padding (RFC 4648).
    static func appendBase64(_ data: Data, to out: inout [UInt8]) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var index = 0
            let count = bytes.count
            while index + 3 <= count {
                let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                out.append(base64Digits[Int(value >> 18 & 63)])
                out.append(base64Digits[Int(value >> 12 & 63)])
                out.append(base64Digits[Int(value >> 6 & 63)])
                out.append(base64Digits[Int(value & 63)])
                index += 3
            }
            let rest = count - index
            if rest > 0 {
                let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                out.append(base64Digits[Int(value >> 18 & 63)])
                out.append(base64Digits[Int(value >> 12 & 63)])
                out.append(rest == 2 ? base64Digits[Int(value >> 6 & 63)] : UInt8(ascii: "="))
                out.append(UInt8(ascii: "="))
            }
        }
    }

    /// Appends a decimal integer.
    static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    /// Decodes hex (either case); nil if not hex of even length.
    static func hex(_ text: ArraySlice<UInt8>) -> Data? {
        guard text.count % 2 == 0 else { return nil }
        var out = Data(count: text.count / 2)
        let ok = out.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) -> Bool in
            var index = text.startIndex
            var position = 0
            while index < text.endIndex {
                guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return false }
                target[position] = high << 4 | low
                position += 1
                index += 2
            }
            return true
        }
        return ok ? out : nil
    }

    /// Decodes standard padded base64; nil if malformed.
    static func base64(_ text: ArraySlice<UInt8>) -> Data? {
        guard text.count % 4 == 0 else { return nil }
        var padding = 0
        if text.last == UInt8(ascii: "=") {
            padding = text[text.endIndex - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        let paddingStart = text.endIndex - padding
        var out = Data(count: text.count / 4 * 3 - padding)
        let ok = out.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) -> Bool in
            var index = text.startIndex
            var position = 0
            while index < text.endIndex {
                var value: UInt32 = 0
                for offset in 0..<4 {
                    let c = text[index + offset]
                    if c == UInt8(ascii: "=") {
                        guard index + offset >= paddingStart else { return false }
                        value <<= 6
                        continue
                    }
                    let digit = base64Values[Int(c)]
                    guard digit != 0xFF else { return false }
                    value = value << 6 | UInt32(digit)
                }
                for shift in [16, 8, 0] where position < target.count {
                    target[position] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
                    position += 1
                }
                index += 4
            }
            return true
        }
        return ok ? out : nil
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 97...102: return c - 87
        case 65...70: return c - 55
        default: return nil
        }
    }
}
