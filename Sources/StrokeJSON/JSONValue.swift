/// A JSON value with ordered object keys: the one JSON value type of the project.
///
/// Build a value and write it compactly (`serialized()`, `serializedBytes()`,
/// `write(to:)` for any `JSONByteSink`), or read one with `JSONValue(parsing:)`.
/// Doubles are written in the one number form of `JSONText.number` (Swift's
/// shortest round-trip form, so a reader gets back the identical Double);
/// non-finite numbers become `null` (they never reach output: inputs are
/// validated first). Whole numbers that are integers are `.integer`.
///
/// ```swift
/// let value = JSONValue.object([("ich", .number(0.25)), ("module", .string("full"))])
/// value.serialized()                                   // {"ich":0.25,"module":"full"}
/// let read = try JSONValue(parsing: #"{"timeout": 5, "ratio": 0.5}"#)
/// read["timeout"]?.intValue                            // 5
/// ```
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A double, written in the number form of `JSONText.number` (`5.0`, never `5`).
    case number(Double)
    /// A whole number, written without a fraction (`5`).
    case integer(Int)
    /// A string, escaped by `JSONText`.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; members keep their order (written in it, read in file order).
    case object([(String, JSONValue)])

    /// Equal when the compact texts are equal (compared structurally, without
    /// writing them: a non-finite number equals `null`, `-0.0` equals `0.0`,
    /// `.integer(5)` differs from `.number(5)`, member order counts).
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a.finite, b.finite) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// `null` for a non-finite number (as written), else the value itself.
    private var finite: JSONValue {
        if case .number(let d) = self, !d.isFinite { return .null }
        return self
    }

    /// The compact JSON text.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The compact JSON text as UTF-8 bytes.
    public func serializedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(to: &out)
        return out
    }

    /// The JSON text with a space after every `:` and `,` (`{"a": 1, "b": [1, 2]}`),
    /// still on one line: the form of the audit export manifest's nested objects.
    public func spacedText() -> String {
        var out: [UInt8] = []
        write(to: &out, separator: ", ", colon: ": ")
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact JSON text of the value to `out`.
    public func write(to out: inout String) {
        out += serialized()
    }

    /// Appends the compact JSON text to `sink` (no intermediate `String`).
    @inlinable
    public func write<Sink: JSONByteSink>(to sink: inout Sink) {
        write(to: &sink, separator: ",", colon: ":")
    }

    @inlinable
    func write<Sink: JSONByteSink>(to sink: inout Sink, separator: StaticString, colon: StaticString) {
        switch self {
        case .null: JSONText.appendASCII("null", to: &sink)
        case .bool(let b): JSONText.appendASCII(b ? "true" : "false", to: &sink)
        case .integer(let i): JSONText.appendInteger(i, to: &sink)
        case .number(let d): JSONText.appendNumber(d, to: &sink)
        case .string(let s): JSONText.appendQuoted(s, to: &sink)
        case .array(let items):
            sink.appendJSONByte(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { JSONText.appendASCII(separator, to: &sink) }
                item.write(to: &sink, separator: separator, colon: colon)
            }
            sink.appendJSONByte(UInt8(ascii: "]"))
        case .object(let members):
            sink.appendJSONByte(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { JSONText.appendASCII(separator, to: &sink) }
                JSONText.appendQuoted(key, to: &sink)
                JSONText.appendASCII(colon, to: &sink)
                value.write(to: &sink, separator: separator, colon: colon)
            }
            sink.appendJSONByte(UInt8(ascii: "}"))
        }
    }

    /// The compact JSON text (same as `serialized()`).
    public var text: String { serialized() }
}

extension JSONValue {
    /// An optional number, `null` when absent.
    public static func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
}
