/// Parses one JSON Lines record that is a flat object — members whose values
/// are numbers, strings, booleans or null — reusing its storage between lines.
///
/// Nested objects and arrays are rejected: batch inputs are flat. Keys are
/// compared as raw bytes after unescaping.
///
/// The batch hot path's own reader, kept beside StrokeJSON's `JSONValue(parsing:)`
/// because it is 2.5× faster per record (docs/benchmarks.md, "JSON"). It reads
/// every flat object exactly as the shared reader does (tested record by record,
/// JSONFlatObjectTests); numbers are left as text for batch's own number parsing.
public struct JSONFlatObject {
    /// The kind of a member's value.
    public enum Kind: Sendable, Hashable {
        case number, string, bool, null
    }

    /// Why a line is not a flat JSON object.
    public enum Problem: String, Sendable, Hashable {
        /// The text is not valid JSON, or not one object.
        case notAnObject
        /// A member holds an object or an array.
        case nestedValue
        /// The same key appears twice.
        case duplicateKey
    }

    private struct Member {
        var key: Range<Int>
        var value: Range<Int>
        var raw: Range<Int>
        var kind: Kind
    }

    private var storage: [UInt8] = []
    private var members: [Member] = []
    private var line: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)

    /// Creates an empty parser.
    public init() {
        storage.reserveCapacity(1024)
        members.reserveCapacity(32)
    }

    /// The number of members of the last object parsed.
    public var count: Int { members.count }

    /// Parses `line`; returns `nil` on success or the problem. The line must
    /// stay valid while members are read (until the next call).
    public mutating func parse(_ text: UnsafeBufferPointer<UInt8>) -> Problem? {
        storage.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        line = text
        var i = 0
        let n = text.count
        func skipSpace() { while i < n, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0D { i += 1 } }
        skipSpace()
        guard i < n, text[i] == UInt8(ascii: "{") else { return .notAnObject }
        i += 1
        skipSpace()
        if i < n, text[i] == UInt8(ascii: "}") {
            i += 1
            skipSpace()
            return i == n ? nil : .notAnObject
        }
        while true {
            skipSpace()
            guard let key = readString(text, &i) else { return .notAnObject }
            skipSpace()
            guard i < n, text[i] == UInt8(ascii: ":") else { return .notAnObject }
            i += 1
            skipSpace()
            guard i < n else { return .notAnObject }
            let rawStart = i
            let value: Range<Int>
            let kind: Kind
            switch text[i] {
            case UInt8(ascii: "\""):
                guard let s = readString(text, &i) else { return .notAnObject }
                value = s
                kind = .string
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return .nestedValue
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let word: [UInt8] = text[i] == UInt8(ascii: "t") ? Array("true".utf8) : text[i] == UInt8(ascii: "f") ? Array("false".utf8) : Array("null".utf8)
                guard i + word.count <= n, word.indices.allSatisfy({ text[i + $0] == word[$0] }) else { return .notAnObject }
                i += word.count
                value = rawStart..<i
                kind = word[0] == UInt8(ascii: "n") ? .null : .bool
            default:
                while i < n, Self.isNumberByte(text[i]) { i += 1 }
                guard i > rawStart else { return .notAnObject }
                value = rawStart..<i
                kind = .number
            }
            let member = Member(key: key, value: value, raw: rawStart..<i, kind: kind)
            for other in members where keyBytesEqual(other.key, key) { return .duplicateKey }
            members.append(member)
            skipSpace()
            guard i < n else { return .notAnObject }
            if text[i] == UInt8(ascii: ",") { i += 1; continue }
            guard text[i] == UInt8(ascii: "}") else { return .notAnObject }
            i += 1
            skipSpace()
            return i == n ? nil : .notAnObject
        }
    }

    /// The key of member `index`.
    public func key(_ index: Int) -> String {
        storage.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[members[index].key]), as: UTF8.self) }
    }

    /// The kind of member `index`'s value.
    public func kind(_ index: Int) -> Kind { members[index].kind }

    /// Calls `body` with the value of member `index`: unescaped text for
    /// strings, the literal text for numbers, booleans and null.
    public func withValue<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let member = members[index]
        if member.kind == .string {
            return try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[member.value])) }
        }
        return try body(UnsafeBufferPointer(rebasing: line[member.value]))
    }

    /// The member's value exactly as written in the line (for echoing it back).
    public func withRawValue<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(rebasing: line[members[index].raw]))
    }

    private func keyBytesEqual(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        return storage[a].elementsEqual(storage[b])
    }

    private static func isNumberByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
            || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
    }

    /// Four hex digits at `i` (advanced past them), or nil.
    private static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> UInt32? {
        guard i + 4 <= text.count else { return nil }
        var value: UInt32 = 0
        for k in i..<(i + 4) {
            let c = text[k]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        i += 4
        return value
    }

    /// Reads a JSON string starting at the quote, unescaping into `storage`.
    private mutating func readString(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Range<Int>? {
        let n = text.count
        guard i < n, text[i] == UInt8(ascii: "\"") else { return nil }
        i += 1
        let start = storage.count
        while i < n {
            let c = text[i]
            if c == UInt8(ascii: "\"") { i += 1; return start..<storage.count }
            if c < 0x20 { return nil }
            if c != UInt8(ascii: "\\") { storage.append(c); i += 1; continue }
            guard i + 1 < n else { return nil }
            let e = text[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): storage.append(e)
            case UInt8(ascii: "n"): storage.append(0x0A)
            case UInt8(ascii: "t"): storage.append(0x09)
            case UInt8(ascii: "r"): storage.append(0x0D)
            case UInt8(ascii: "b"): storage.append(0x08)
            case UInt8(ascii: "f"): storage.append(0x0C)
            case UInt8(ascii: "u"):
                // As StrokeJSON's reader: a surrogate pair is one character, a lone surrogate is an error.
                guard var code = Self.hex4(text, &i) else { return nil }
                if (0xD800..<0xDC00).contains(code) {
                    guard i + 1 < n, text[i] == UInt8(ascii: "\\"), text[i + 1] == UInt8(ascii: "u") else { return nil }
                    i += 2
                    guard let low = Self.hex4(text, &i), (0xDC00..<0xE000).contains(low) else { return nil }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { return nil }
                storage.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: return nil
            }
        }
        return nil
    }
}
