import Foundation

/// A JSON value of a verified assessment, read only to display it (the board's
/// `/cases.json` passes the original bytes through unchanged).
indirect enum CaseValue: Decodable, Sendable, Hashable {
    case null, bool(Bool), number(Double), string(String), array([CaseValue]), object([String: CaseValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([CaseValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: CaseValue].self)) }
    }

    /// Parses an assessment; nil when it is not JSON.
    static func parse(_ data: Data) -> CaseValue? { try? JSONDecoder().decode(CaseValue.self, from: data) }

    /// The member `key` of an object (`.null` when absent or not an object).
    subscript(_ key: String) -> CaseValue {
        if case .object(let members) = self { return members[key] ?? .null }
        return .null
    }

    /// The number, if this is one.
    var number: Double? { if case .number(let n) = self { n } else { nil } }
    /// The string, if this is one.
    var string: String? { if case .string(let s) = self { s } else { nil } }
    /// The elements, if this is an array.
    var array: [CaseValue] { if case .array(let a) = self { a } else { [] } }
    /// The keys, if this is an object.
    var keys: [String] { if case .object(let o) = self { Array(o.keys) } else { [] } }

    /// A number as entered: whole numbers without a fraction (`97`, `45`), others in Swift's shortest form (`4321.5`).
    static func format(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// A probability as a percentage with one decimal (`61.2 %`).
    static func percent(_ p: Double) -> String {
        String(format: "%.1f %%", p * 100)
    }
}
