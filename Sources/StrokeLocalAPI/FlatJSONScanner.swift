/// The hot path of `WireBody`: reads a flat JSON object of scalars (the shape
/// of every Cloud Functions request body) without Foundation's `JSONDecoder`.
///
/// It handles only the plain case: ASCII keys and strings without escapes,
/// numbers in strict JSON grammar that are finite as `Double`, `true`,
/// `false`, `null`, and no duplicate keys. For anything else it returns nil and
/// `WireBody` decodes the body with `JSONDecoder`, which then decides (and
/// rejects what is not JSON). `WireBodyFastPathTests` checks, body by body,
/// that whatever it reads equals what `JSONDecoder` reads. `Scripts/bench`
/// (`bench.d/api`) measures `/predict_lvo`, whose body goes through it.
enum FlatJSONScanner {
    /// The members, or nil when the body is not in the plain case.
    static func members(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: WireBody.Scalar]? {
        var i = 0
        let n = bytes.count
        func skipSpace() {
            while i < n, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }
        /// A string without escapes or non-ASCII bytes, after its opening quote.
        func plainString() -> String? {
            let start = i
            while i < n {
                let b = bytes[i]
                if b == 0x22 {
                    defer { i += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                }
                guard b >= 0x20, b < 0x80, b != 0x5C else { return nil }
                i += 1
            }
            return nil
        }
        func digits() -> Int {
            let start = i
            while i < n, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - start
        }
        /// A number in JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
        func number() -> Double? {
            let start = i
            if bytes[i] == 0x2D { i += 1 }
            guard i < n else { return nil }
            if bytes[i] == 0x30 { i += 1 } else if digits() == 0 { return nil }
            if i < n, bytes[i] == 0x2E {
                i += 1
                guard digits() > 0 else { return nil }
            }
            if i < n, bytes[i] == 0x65 || bytes[i] == 0x45 {
                i += 1
                if i < n, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
                guard digits() > 0 else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }
        func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard n - i >= count else { return false }
            for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return false }
            i += count
            return true
        }
        func value() -> WireBody.Scalar? {
            guard i < n else { return nil }
            switch bytes[i] {
            case 0x22: i += 1; return plainString().map { .string($0) }
            case 0x74: return literal("true") ? .bool(true) : nil
            case 0x66: return literal("false") ? .bool(false) : nil
            case 0x6E: return literal("null") ? .null : nil
            case 0x2D, 0x30...0x39: return number().map { .number($0) }
            default: return nil  // nested objects and arrays: JSONDecoder's job
            }
        }

        var members: [String: WireBody.Scalar] = [:]
        skipSpace()
        guard i < n, bytes[i] == 0x7B else { return nil }
        i += 1
        skipSpace()
        if i < n, bytes[i] == 0x7D {
            i += 1
        } else {
            while true {
                guard i < n, bytes[i] == 0x22 else { return nil }
                i += 1
                guard let key = plainString() else { return nil }
                skipSpace()
                guard i < n, bytes[i] == 0x3A else { return nil }
                i += 1
                skipSpace()
                guard let scalar = value(), members.updateValue(scalar, forKey: key) == nil else { return nil }
                skipSpace()
                guard i < n else { return nil }
                if bytes[i] == 0x2C { i += 1; skipSpace(); continue }
                guard bytes[i] == 0x7D else { return nil }
                i += 1
                break
            }
        }
        skipSpace()
        return i == n ? members : nil
    }
}
