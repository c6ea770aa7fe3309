import Foundation
import StrokeJSON

/// A `/v1` request body, read strictly: JSON types are kept apart (a number is
/// never a yes/no answer, a string is never a number), because these bodies use
/// the CLI's own JSON keys and types rather than the Cloud Functions' lenient ones.
public indirect enum RequestJSON: Sendable, Decodable, Equatable {
    /// `null` (an absent value, as in the CLI's JSON).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([RequestJSON])
    /// An object (member order is not kept; no rule depends on it).
    case object([String: RequestJSON])

    /// Decodes any JSON value, telling booleans and numbers apart.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([RequestJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: RequestJSON].self)) }
    }

    /// A value read by StrokeJSON's reader: integers become numbers. Bodies with a
    /// repeated member are refused before this (`object(_:)`); should one reach it,
    /// the first one counts.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .integer(let n): self = .number(Double(n))
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(RequestJSON.init))
        case .object(let pairs):
            var members: [String: RequestJSON] = [:]
            members.reserveCapacity(pairs.count)
            for (key, member) in pairs where members.index(forKey: key) == nil { members[key] = RequestJSON(member) }
            self = .object(members)
        }
    }

    /// Parses a request body that must be one JSON object, with StrokeJSON's one reader
    /// (strict RFC 8259; `JSONDecoder` took a third of `/v1/assess`'s own time, `Scripts/bench.d/api`).
    /// A trailing comma (`{"a":1,}`), which `JSONDecoder` let through, is `api.invalidJSON`
    /// now, as on the contract routes.
    /// A member repeated in any object of the body is 400 `api.duplicateField`, as on the
    /// contract routes (one rule: no reader picks the first or the last).
    /// - Throws: `LocalAPIError.invalidJSON` (also for `NaN`/`Infinity`), `.notAnObject` or `.duplicateField`.
    public static func object(_ bytes: some Collection<UInt8>) throws(LocalAPIError) -> [String: RequestJSON] {
        let value: JSONValue
        do { value = try JSONValue(parsing: Array(bytes)) } catch { throw .invalidJSON }
        guard case .object = value else { throw .notAnObject }
        if let name = value.firstDuplicateMember { throw .duplicateField(name) }
        guard case .object(let members) = RequestJSON(value) else { throw .notAnObject }
        return members
    }

    /// The JSON type's name, for `api.wrongType` messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
