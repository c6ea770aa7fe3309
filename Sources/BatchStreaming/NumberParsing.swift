/// Parses booleans straight from bytes, without building a `String`. Numbers are
/// read by `StrokeModels.DecimalNumber`, the one number grammar of every front-end.
public enum NumberParsing {
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
