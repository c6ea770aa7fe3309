/// Typed access to a read value: what a config file, a dataset or an answer
/// needs, each accessor `nil` when the value has another type.
///
/// ```swift
/// let config = try JSONValue(parsing: bytes)
/// let base = config["apiBase"]?.stringValue
/// let timeout = config["timeoutSeconds"]?.doubleValue ?? 10
/// let modules = config["modules"]?.stringArray ?? []
/// ```
extension JSONValue {
    /// The value of member `key` of an object (the last one if the key repeats,
    /// as most readers do); `nil` if absent or if this is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The member names of an object in order (empty for other values).
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.0)
    }

    /// The members of an object in order, or `nil` if not an object.
    public var objectMembers: [(String, JSONValue)]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// The members of an object by name (the last one wins if a key repeats), or `nil`.
    public var dictionary: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members, uniquingKeysWith: { _, last in last })
    }

    /// The items of an array, or `nil`.
    public var arrayValue: [JSONValue]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    /// The string, or `nil`.
    public var stringValue: String? {
        guard case .string(let s) = self else { return nil }
        return s
    }

    /// The boolean, or `nil` (numbers are not booleans).
    public var boolValue: Bool? {
        guard case .bool(let b) = self else { return nil }
        return b
    }

    /// Any finite number, integer or not, as a `Double`; `nil` otherwise.
    public var doubleValue: Double? {
        switch self {
        case .integer(let n): return Double(n)
        case .number(let d) where d.isFinite: return d
        default: return nil
        }
    }

    /// A whole number (an integer, or a double with no fraction that fits `Int`); `nil` otherwise.
    public var intValue: Int? {
        switch self {
        case .integer(let n): return n
        case .number(let d): return Int(exactly: d)
        default: return nil
        }
    }

    /// The JSON type's name for messages: "null", "a boolean", "a number"
    /// (integer or not), "a string", "an array", "an object".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number, .integer: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A configuration file's value as the text its environment variable would hold:
    /// a string as it is, a number as written (a whole number without a fraction),
    /// a boolean as `true`/`false`, an array of such values comma-separated (as a
    /// list variable has them); `nil` for `null`, objects and nested arrays.
    public var settingText: String? {
        switch self {
        case .string(let s): return s
        case .integer(let n): return String(n)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : JSONText.number(d)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            var texts: [String] = []
            for item in items {
                if case .array = item { return nil }
                guard let text = item.settingText else { return nil }
                texts.append(text)
            }
            return texts.joined(separator: ",")
        case .null, .object: return nil
        }
    }

    /// A configuration file's settings by key (`settingText` of each member; members
    /// without one are left out), or `nil` when the value is not an object.
    public var settings: [String: String]? {
        guard case .object(let members) = self else { return nil }
        var out: [String: String] = [:]
        for (key, value) in members { if let text = value.settingText { out[key] = text } }
        return out
    }

    /// `true` for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// An array whose items are all strings, or `nil`.
    public var stringArray: [String]? {
        guard case .array(let items) = self else { return nil }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case .string(let s) = item else { return nil }
            out.append(s)
        }
        return out
    }

    /// An object whose values are all strings, by name (the last one wins), or `nil`.
    public var stringMap: [String: String]? {
        guard case .object(let members) = self else { return nil }
        var out: [String: String] = [:]
        for (key, value) in members {
            guard case .string(let s) = value else { return nil }
            out[key] = s
        }
        return out
    }
}
