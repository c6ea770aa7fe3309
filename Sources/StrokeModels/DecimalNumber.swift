/// The one grammar for a number given as text — a command-line flag, a batch cell, a
/// numeric string in an API body or query — so that every front-end reads the same
/// text as the same number or refuses it alike.
///
/// Accepted: an optional leading `-`, digits with an optional decimal point (`70`,
/// `-1.5`, `.5`, `5.`), and an optional exponent (`2e3`, `1E-7`). Refused: anything
/// else, among it spaces (`" 70"`, `"70 "`), `+70`, hexadecimal (`0x46`, `0x1p9`),
/// `inf`, `nan`, a comma, a NUL or any text after the number (`"70\u{0}abc"`), and text
/// longer than `maximumLength`. A JSON number stays a JSON number: this is for text.
/// Values too large for a `Double` read as ±infinity; callers say "not a finite number".
public enum DecimalNumber {
    /// The longest number text accepted (bytes).
    public static let maximumLength = 63

    /// The allowed form, for error messages (English; the messages that show it are English).
    public static let form = "a decimal number such as 70, -1.5 or 2e3 (no spaces, '+', hexadecimal, inf or nan)"

    /// The value of `text` when it is a whole decimal number (see the type), else nil.
    public static func parse(_ text: some StringProtocol) -> Double? {
        var text = String(text)
        return text.withUTF8 { parse($0) }
    }

    /// The value of `bytes` when they are a whole decimal number (see the type), else nil.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count > 0, bytes.count <= maximumLength, isDecimal(bytes) else { return nil }
        if let exact = plainDecimal(bytes) { return exact }
        // Exponents and more than 15 significant digits: the standard library's correctly
        // rounded conversion (the text is known to be decimal, so no hexadecimal reaches it).
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// A whole number within ±10^15 written in the decimal grammar (`70`, `7e1`, `70.0`), else nil.
    public static func integer(_ text: some StringProtocol) -> Int? {
        guard let value = parse(text), value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// True when the bytes follow the grammar: `-`? (digits (`.` digits?)? | `.` digits) ([eE] [+-]? digits)?
    private static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        func digits() -> Int {
            let start = i
            while i < n, bytes[i] &- UInt8(ascii: "0") <= 9 { i += 1 }
            return i - start
        }
        if bytes[0] == UInt8(ascii: "-") { i = 1 }
        var mantissa = digits()
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }

    /// Exact powers of ten representable as doubles.
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// Fast path for `[-]digits[.digits]` with at most 15 significant digits: both the
    /// digits and the power of ten are exact doubles, so one division gives the
    /// correctly rounded value. Nil for an exponent or more digits.
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = bytes.count
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = -1
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: ".") {
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
        let value = Double(mantissa) / powersOfTen[max(fraction, 0)]
        return negative ? -value : value
    }
}
