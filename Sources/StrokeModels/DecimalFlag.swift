/// The number flags' parser of both executables: the one grammar of `DecimalNumber`, which
/// batch cells, the API's numeric strings and the servers' settings use too. `ArgumentParser` reads `Double` and `Int` options
/// with `strtod`/`Int.init`, which take `0x1F4` (500), `0x1p9` (512) and `+70`; every
/// number option is declared with `transform: DecimalFlag.double` (or `.integer`) instead.
///
/// The parser's message names the flag and the value (escaped by `StrokeTriage.main`);
/// this error's description adds the allowed form, e.g.
/// `The value '0x1F4' is invalid for '--gfap <gfap>': allowed is a decimal number such as 70, -1.5 or 2e3 (…).`
public enum DecimalFlag {
    /// A number flag's value.
    public struct Invalid: Error, CustomStringConvertible {
        /// What is allowed.
        public let allowed: String
        public var description: String { "allowed is \(allowed)." }
    }

    /// A decimal number (non-finite values such as `1e400` pass here and are refused by
    /// the range checks, which say "not a finite number").
    public static func double(_ text: String) throws -> Double {
        guard let value = DecimalNumber.parse(text) else { throw Invalid(allowed: DecimalNumber.form) }
        return value
    }

    /// A whole decimal number (`12`, also `12.0` or `1.2e1`).
    public static func integer(_ text: String) throws -> Int {
        guard let value = DecimalNumber.integer(text) else { throw Invalid(allowed: "a whole number such as 12 (decimal digits, an optional leading '-'; no spaces, '+' or hexadecimal)") }
        return value
    }
}
