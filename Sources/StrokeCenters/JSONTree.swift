/// A parsed JSON value (objects keep their members in file order).
///
/// The loader's own reader: Foundation's `JSONSerialization` plus `[String: Any]`
/// casts took seconds for national datasets; this reads 100 000 centers in a
/// fraction of that and tells booleans from numbers without bridging tricks.
indirect enum JSONTree: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([(String, JSONTree)])

    static func == (a: JSONTree, b: JSONTree) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value of `key` in an object (first occurrence), else `nil`.
    subscript(key: String) -> JSONTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The members of an object as a dictionary (last occurrence wins), or `nil` if not an object.
    var dictionary: [String: JSONTree]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members, uniquingKeysWith: { _, last in last })
    }
}

/// A strict RFC 8259 reader over UTF-8 bytes.
struct JSONReader {
    /// Where and why reading failed.
    struct Failure: Error, CustomStringConvertible {
        /// Byte offset of the problem.
        let offset: Int
        /// What was wrong.
        let reason: String
        var description: String { "\(reason) at byte \(offset)" }
    }

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    private static let maxDepth = 512

    /// Parses one JSON document.
    static func parse(_ bytes: [UInt8]) throws -> JSONTree {
        var r = JSONReader(bytes: bytes)
        // A UTF-8 byte-order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { r.i = 3 }
        let v = try r.value()
        r.skipSpace()
        guard r.i == bytes.count else { throw Failure(offset: r.i, reason: "unexpected content after the document") }
        return v
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws -> JSONTree {
        skipSpace()
        guard i < bytes.count else { throw Failure(offset: i, reason: "unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw Failure(offset: i, reason: "unexpected end of input") }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw Failure(offset: i, reason: "invalid literal") }
        i += n
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maxDepth { throw Failure(offset: i, reason: "nesting deeper than \(Self.maxDepth)") }
    }

    private mutating func object() throws -> JSONTree {
        try enter()
        defer { depth -= 1 }
        i += 1
        var members: [(String, JSONTree)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw Failure(offset: i, reason: "expected a member name") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw Failure(offset: i, reason: "expected ':'") }
            i += 1
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw Failure(offset: i, reason: "unexpected end of input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw Failure(offset: i, reason: "expected ',' or '}'")
        }
    }

    private mutating func array() throws -> JSONTree {
        try enter()
        defer { depth -= 1 }
        i += 1
        var items: [JSONTree] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw Failure(offset: i, reason: "unexpected end of input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw Failure(offset: i, reason: "expected ',' or ']'")
        }
    }

    private mutating func string() throws -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
        guard i < bytes.count else { throw Failure(offset: i, reason: "unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return try validated(bytes[start..<i], at: start)
        }
        var out = Array(bytes[start..<i])
        while true {
            guard i < bytes.count else { throw Failure(offset: i, reason: "unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return try validated(out[...], at: start) }
            if b < 0x20 { throw Failure(offset: i, reason: "control character in string") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw Failure(offset: i, reason: "unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw Failure(offset: i, reason: "lone surrogate")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw Failure(offset: i, reason: "invalid surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw Failure(offset: i, reason: "lone surrogate")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw Failure(offset: i, reason: "invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default: throw Failure(offset: i - 1, reason: "invalid escape")
            }
        }
    }

    private func validated(_ slice: ArraySlice<UInt8>, at offset: Int) throws -> String {
        guard let s = String(validating: slice, as: UTF8.self) else { throw Failure(offset: offset, reason: "invalid UTF-8") }
        return s
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw Failure(offset: i, reason: "short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw Failure(offset: i, reason: "invalid \\u escape")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    private mutating func number() throws -> Double {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        guard i > intStart else { throw Failure(offset: start, reason: "unexpected character") }
        if i - intStart > 1, bytes[intStart] == UInt8(ascii: "0") { throw Failure(offset: start, reason: "leading zero") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let f = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            guard i > f else { throw Failure(offset: i, reason: "digits expected after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let e = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            guard i > e else { throw Failure(offset: i, reason: "digits expected in exponent") }
        }
        guard let d = Double(Substring(decoding: bytes[start..<i], as: UTF8.self)) else {
            throw Failure(offset: start, reason: "invalid number")
        }
        return d
    }
}
