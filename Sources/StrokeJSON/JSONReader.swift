/// Why a JSON text could not be read: a stable code, the byte offset and a
/// fixed reason. It never holds any of the input's content (the text may be
/// patient data or a secret).
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure, each with a stable dotted code.
    public enum Kind: String, Sendable {
        /// Not valid JSON (`json.syntax`).
        case syntax = "json.syntax"
        /// Strings are not valid UTF-8 (`json.encoding`).
        case encoding = "json.encoding"
        /// Nested deeper than the limit (`json.tooDeep`).
        case tooDeep = "json.tooDeep"
        /// Longer than the limit (`json.tooLarge`).
        case tooLarge = "json.tooLarge"
    }

    /// The fixed reasons of a syntax or encoding error: the English text, and by name the key of its
    /// translation where a user reads it (`json.reason.<name>`).
    public enum Reason: String, Sendable, CaseIterable {
        case trailingContent = "unexpected content after the document"
        case unexpectedEnd = "unexpected end of input"
        case invalidLiteral = "invalid literal"
        case memberNameExpected = "expected a member name"
        case colonExpected = "expected ':'"
        case objectSeparatorExpected = "expected ',' or '}'"
        case arraySeparatorExpected = "expected ',' or ']'"
        case unterminatedString = "unterminated string"
        case controlCharacter = "control character in string"
        case unterminatedEscape = "unterminated escape"
        case loneSurrogate = "lone surrogate"
        case invalidSurrogatePair = "invalid surrogate pair"
        case invalidUnicodeEscape = "invalid \\u escape"
        case invalidEscape = "invalid escape"
        case invalidUTF8 = "invalid UTF-8"
        case shortUnicodeEscape = "short \\u escape"
        case unexpectedCharacter = "unexpected character"
        case leadingZero = "leading zero"
        case fractionDigitsExpected = "digits expected after '.'"
        case exponentDigitsExpected = "digits expected in exponent"
        case numberOutOfRange = "number out of range"

        /// The case's name, e.g. `unexpectedEnd`.
        public var name: String { String(describing: self) }
    }

    /// What went wrong.
    public let kind: Kind
    /// Byte offset of the problem in the input.
    public let offset: Int
    /// A fixed English reason (never a piece of the input).
    public let reason: String

    /// The stable dotted code (`json.syntax`, …).
    public var code: String { kind.rawValue }
    /// The fixed reason, `nil` for a limit's (it names the limit: `json.tooDeep`, `json.tooLarge`).
    public var fixedReason: Reason? { Reason(rawValue: reason) }

    /// An error with one of the fixed reasons.
    init(kind: Kind, offset: Int, _ reason: Reason) {
        self.init(kind: kind, offset: offset, reason: reason.rawValue)
    }

    /// An error with its reason's text (a limit's names the limit).
    init(kind: Kind, offset: Int, reason: String) {
        self.kind = kind
        self.offset = offset
        self.reason = reason
    }
    /// "`reason` at byte `offset`".
    public var description: String { "\(reason) at byte \(offset)" }

    /// The 1-based line and column (in characters) of the problem in the UTF-8 text `bytes` that was read,
    /// so that every file's syntax error names where to look (issue 46).
    public func position(in bytes: [UInt8]) -> (line: Int, column: Int) {
        let prefix = bytes.prefix(max(0, min(offset, bytes.count)))
        let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lastLine = prefix.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last ?? []
        return (line, String(decoding: lastLine, as: UTF8.self).count + 1)
    }
}

/// Limits a reader enforces before and while reading.
public struct JSONLimits: Sendable {
    /// Deepest nesting of arrays and objects.
    public var maxDepth: Int
    /// Longest input, bytes.
    public var maxBytes: Int

    /// Creates limits.
    public init(maxDepth: Int = 512, maxBytes: Int = 256 << 20) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }

    /// 512 levels, 256 MiB (a national centers dataset is far smaller).
    public static let `default` = JSONLimits()
}

extension JSONValue {
    /// Reads one JSON document (RFC 8259, strict; a leading UTF-8 byte-order mark
    /// is tolerated). Object members keep their order; a number without a
    /// fraction or exponent that fits `Int` is `.integer`, any other `.number`.
    /// - Throws: `JSONError` with the byte offset of the first problem.
    public init(parsing bytes: [UInt8], limits: JSONLimits = .default) throws(JSONError) {
        self = try JSONReader.parse(bytes, limits: limits)
    }

    /// Reads one JSON document from text (see `init(parsing:limits:)` for bytes).
    public init(parsing text: String, limits: JSONLimits = .default) throws(JSONError) {
        self = try JSONReader.parse(Array(text.utf8), limits: limits)
    }
}

/// A strict RFC 8259 reader over UTF-8 bytes.
struct JSONReader {
    typealias Failure = JSONError

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    private let maxDepth: Int

    /// Parses one JSON document.
    static func parse(_ bytes: [UInt8], limits: JSONLimits) throws(JSONError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONError(kind: .tooLarge, offset: limits.maxBytes, reason: "longer than \(limits.maxBytes) bytes")
        }
        var r = JSONReader(bytes: bytes, maxDepth: limits.maxDepth)
        // A UTF-8 byte-order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { r.i = 3 }
        let v = try r.value()
        r.skipSpace()
        guard r.i == bytes.count else { throw Failure(kind: .syntax, offset: r.i, .trailingContent) }
        return v
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws(JSONError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw Failure(kind: .syntax, offset: i, .unexpectedEnd) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw Failure(kind: .syntax, offset: i, .unexpectedEnd) }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw Failure(kind: .syntax, offset: i, .invalidLiteral) }
        i += n
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        if depth > maxDepth { throw Failure(kind: .tooDeep, offset: i, reason: "nesting deeper than \(maxDepth)") }
    }

    private mutating func object() throws(JSONError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw Failure(kind: .syntax, offset: i, .memberNameExpected) }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw Failure(kind: .syntax, offset: i, .colonExpected) }
            i += 1
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw Failure(kind: .syntax, offset: i, .unexpectedEnd) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw Failure(kind: .syntax, offset: i, .objectSeparatorExpected)
        }
    }

    private mutating func array() throws(JSONError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw Failure(kind: .syntax, offset: i, .unexpectedEnd) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw Failure(kind: .syntax, offset: i, .arraySeparatorExpected)
        }
    }

    private mutating func string() throws(JSONError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
        guard i < bytes.count else { throw Failure(kind: .syntax, offset: i, .unterminatedString) }
        if bytes[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return try validated(bytes[start..<i], at: start)
        }
        var out = Array(bytes[start..<i])
        while true {
            guard i < bytes.count else { throw Failure(kind: .syntax, offset: i, .unterminatedString) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return try validated(out[...], at: start) }
            if b < 0x20 { throw Failure(kind: .syntax, offset: i, .controlCharacter) }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw Failure(kind: .syntax, offset: i, .unterminatedEscape) }
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
                        throw Failure(kind: .syntax, offset: i, .loneSurrogate)
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw Failure(kind: .syntax, offset: i, .invalidSurrogatePair) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw Failure(kind: .syntax, offset: i, .loneSurrogate)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw Failure(kind: .syntax, offset: i, .invalidUnicodeEscape) }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default: throw Failure(kind: .syntax, offset: i - 1, .invalidEscape)
            }
        }
    }

    private func validated(_ slice: ArraySlice<UInt8>, at offset: Int) throws(JSONError) -> String {
        guard let s = String(validating: slice, as: UTF8.self) else { throw Failure(kind: .encoding, offset: offset, .invalidUTF8) }
        return s
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw Failure(kind: .syntax, offset: i, .shortUnicodeEscape) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw Failure(kind: .syntax, offset: i, .invalidUnicodeEscape)
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    private mutating func number() throws(JSONError) -> JSONValue {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        guard i > intStart else { throw Failure(kind: .syntax, offset: start, .unexpectedCharacter) }
        if i - intStart > 1, bytes[intStart] == UInt8(ascii: "0") { throw Failure(kind: .syntax, offset: start, .leadingZero) }
        var whole = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            whole = false
            i += 1
            let f = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            guard i > f else { throw Failure(kind: .syntax, offset: i, .fractionDigitsExpected) }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            whole = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let e = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            guard i > e else { throw Failure(kind: .syntax, offset: i, .exponentDigitsExpected) }
        }
        let digits = Substring(decoding: bytes[start..<i], as: UTF8.self)
        if whole, let n = Int(digits) { return .integer(n) }
        guard let d = Double(digits), d.isFinite else {
            throw Failure(kind: .syntax, offset: start, .numberOutOfRange)
        }
        return .number(d)
    }
}
