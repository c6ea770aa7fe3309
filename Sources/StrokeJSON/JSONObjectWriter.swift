/// Writes one JSON object member by member straight into bytes, for records
/// that embed JSON text they already hold (an audit event's payload, a
/// decrypted fleet event) without parsing and rewriting it.
///
/// ```swift
/// var record = JSONObjectWriter()
/// record.add("operator", .string("medic-7"))
/// record.add("data", rawJSON: Array(#"{"gfap":120.0}"#.utf8))
/// let bytes = record.finish()      // {"operator":"medic-7","data":{"gfap":120.0}}
/// ```
public struct JSONObjectWriter: Sendable {
    private var bytes: [UInt8]
    private var empty = true

    /// Starts an object; `capacity` is a hint for the bytes to reserve.
    public init(capacity: Int = 128) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Adds the member `key` with `value` written compactly.
    public mutating func add(_ key: String, _ value: JSONValue) {
        addKey(key)
        value.write(to: &bytes)
    }

    /// Adds the member `key` whose value is `rawJSON`, copied unchanged: the
    /// caller guarantees it is one complete JSON value (it is not checked).
    public mutating func add<Bytes: Sequence>(_ key: String, rawJSON: Bytes) where Bytes.Element == UInt8 {
        addKey(key)
        bytes.append(contentsOf: rawJSON)
    }

    /// Closes the object and returns its bytes.
    public consuming func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    private mutating func addKey(_ key: String) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        JSONText.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
}

extension JSONValue {
    /// A top-level object written one member per line with two spaces of
    /// indent and a final line feed; each value is already JSON text (the audit
    /// export manifest: nested objects spaced or compact as documented).
    public static func memberLines(_ members: [(String, String)]) -> String {
        var out = "{\n"
        for (i, (key, json)) in members.enumerated() {
            out += "  " + JSONText.quote(key) + ": " + json
            out += i == members.count - 1 ? "\n" : ",\n"
        }
        return out + "}\n"
    }
}
