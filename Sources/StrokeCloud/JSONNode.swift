import Foundation

/// A parsed JSON value, so that answers can be checked member by member:
/// invalid JSON (including bare NaN / Infinity tokens) is a malformed answer,
/// valid JSON of the wrong shape is a wrong-types answer.
enum JSONNode: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([String: JSONNode])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let n = try? container.decode(Double.self) { self = .number(n) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let a = try? container.decode([JSONNode].self) { self = .array(a) }
        else { self = .object(try container.decode([String: JSONNode].self)) }
    }

    /// Parses a body into its top-level object, whatever the content type said.
    static func object(_ body: [UInt8]) throws(CloudError) -> [String: JSONNode] {
        let node: JSONNode
        do {
            node = try JSONDecoder().decode(JSONNode.self, from: Data(body))
        } catch {
            throw .malformedJSON("not valid JSON (\(body.count) bytes)")
        }
        guard case .object(let members) = node else { throw .wrongTypes("(top level)") }
        return members
    }

    /// The number, if this is one and it is finite.
    var number: Double? {
        if case .number(let n) = self, n.isFinite { return n }
        return nil
    }

    /// The string, if this is one.
    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The members, if this is an object.
    var members: [String: JSONNode]? {
        if case .object(let m) = self { return m }
        return nil
    }
}
