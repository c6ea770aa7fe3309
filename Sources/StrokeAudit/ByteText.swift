import Foundation

/// Fast text encodings written straight into a byte buffer, and their
/// decoders reading straight from a byte slice (the streamed export and its
/// verifier handle 100 000 records a second; no intermediate Strings).
enum ByteText {
    private static let base64Digits: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, digit) in base64Digits.enumerated() { table[Int(digit)] = UInt8(index) }
        return table
    }()

    /// Appends standard base64 with padding (RFC 4648).
    static func appendBase64(_ data: Data, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (data.count + 2) / 3 * 4))
        base64Digits.withUnsafeBufferPointer { digits in
            out.withUnsafeMutableBufferPointer { target in
                data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                    var index = 0, position = start
                    let count = bytes.count
                    while index + 3 <= count {
                        let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                        target[position] = digits[Int(value >> 18 & 63)]
                        target[position + 1] = digits[Int(value >> 12 & 63)]
                        target[position + 2] = digits[Int(value >> 6 & 63)]
                        target[position + 3] = digits[Int(value & 63)]
                        index += 3
                        position += 4
                    }
                    let rest = count - index
                    if rest > 0 {  // the padding "=" is already in place
                        let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                        target[position] = digits[Int(value >> 18 & 63)]
                        target[position + 1] = digits[Int(value >> 12 & 63)]
                        if rest == 2 { target[position + 2] = digits[Int(value >> 6 & 63)] }
                    }
                }
            }
        }
    }

    /// Decodes standard padded base64; nil if malformed.
    static func base64(_ text: ArraySlice<UInt8>) -> Data? {
        guard text.count % 4 == 0 else { return nil }
        var padding = 0
        if text.last == UInt8(ascii: "=") {
            padding = text[text.endIndex - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        let length = text.count / 4 * 3 - padding
        var out = Data(count: length)
        let table = base64Values
        let ok = table.withUnsafeBufferPointer { values in
            text.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) -> Bool in
                    let paddingStart = source.count - padding
                    var index = 0, position = 0
                    while index < source.count {
                        var value: UInt32 = 0
                        for offset in 0..<4 {
                            let c = source[index + offset]
                            if c == UInt8(ascii: "=") {
                                guard index + offset >= paddingStart else { return false }
                                value <<= 6
                                continue
                            }
                            let digit = values[Int(c)]
                            guard digit != 0xFF else { return false }
                            value = value << 6 | UInt32(digit)
                        }
                        target[position] = UInt8(truncatingIfNeeded: value >> 16)
                        if position + 1 < length { target[position + 1] = UInt8(truncatingIfNeeded: value >> 8) }
                        if position + 2 < length { target[position + 2] = UInt8(truncatingIfNeeded: value) }
                        index += 4
                        position += 3
                    }
                    return true
                }
            }
        }
        return ok ? out : nil
    }
}
