#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses decimal numbers straight from bytes, without building a `String`.
public enum NumberParsing {
    /// The longest number text accepted.
    public static let maximumLength = 63

    /// The value of `bytes` when they are a whole decimal number in plain or
    /// exponent notation (`72`, `-1.5`, `1e3`); `nil` for anything else,
    /// including spaces, `nan`, `inf` and hexadecimal.
    public static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = bytes.count
        guard n > 0, n <= maximumLength else { return nil }
        // Fast path: an unsigned or negative integer of up to 15 digits is exact.
        var i = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { negative = bytes[0] == UInt8(ascii: "-"); i = 1 }
        if n - i > 0, n - i <= 15 {
            var value: Int64 = 0
            var j = i
            while j < n {
                let d = bytes[j] &- UInt8(ascii: "0")
                if d > 9 { break }
                value = value * 10 + Int64(d)
                j += 1
            }
            if j == n { return negative ? -Double(value) : Double(value) }
        }
        if let exact = plainDecimal(bytes) { return exact }
        var digits = 0
        for c in bytes {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { text -> Double? in
            for k in 0..<n { text[k] = CChar(bitPattern: bytes[k]) }
            text[n] = 0
            var endPointer: UnsafeMutablePointer<CChar>? = nil
            let value = strtod(text.baseAddress!, &endPointer)
            guard let endPointer, endPointer - text.baseAddress! == n else { return nil }
            return value
        }
    }

    /// Exact powers of ten representable as doubles.
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// Fast path for `[-]digits.digits` with at most 15 significant digits:
    /// both the digits and the power of ten are exact doubles, so one
    /// division gives the correctly rounded value (as `strtod` would).
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = bytes.count
        var negative = false
        if bytes[0] == UInt8(ascii: "-") { negative = true; i = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = -1
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: ".") {
                guard fraction < 0 else { return nil }
                fraction = 0
            } else {
                let d = c &- UInt8(ascii: "0")
                guard d <= 9 else { return nil }
                mantissa = mantissa * 10 + Int64(d)
                digits += 1
                if fraction >= 0 { fraction += 1 }
                guard digits <= 15 else { return nil }
            }
            i += 1
        }
        guard digits > 0, fraction != 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[max(fraction, 0)]
        return negative ? -value : value
    }

    /// `true`, `false`, or `nil` when the bytes are no boolean. Accepted:
    /// `true`/`false`, `1`/`0`, `yes`/`no` (any letter case).
    public static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch bytes.count {
        case 1:
            if bytes[0] == UInt8(ascii: "1") { return true }
            if bytes[0] == UInt8(ascii: "0") { return false }
            return nil
        case 2: return lowercaseEquals(bytes, "no") ? false : nil
        case 3: return lowercaseEquals(bytes, "yes") ? true : nil
        case 4: return lowercaseEquals(bytes, "true") ? true : nil
        case 5: return lowercaseEquals(bytes, "false") ? false : nil
        default: return nil
        }
    }

    private static func lowercaseEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<bytes.count where bytes[k] | 0x20 != w[k] { return false }
        return true
    }
}
