// The protocol's canonical file form and its sha256: what `protocol --json` prints, a case carries for a
// local protocol, and every digest is computed over.

import Crypto
import StrokeJSON
import StrokeModels

/// The canonical form of a protocol file (compact, without `sha256`) and its digest. `ProtocolFile`
/// (TriageEngine) reads and validates files; the decision's JSON carries a local protocol in this form
/// so that a hospital's board can check it against the named sha256 (issue 45).
public enum ProtocolCanonical {
    /// The format name every protocol file carries.
    public static let format = "stroke-triage-protocol/1"

    /// The protocol as its file (`sha256` included unless `digest` is false).
    public static func json(_ p: TriageProtocol, digest: Bool = true) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .string(format)), ("id", .string(p.id)),
            ("values", .object(ProtocolKey.allCases.map { key in
                (key.rawValue, .object([
                    ("value", value(p[key], key)), ("unit", .string(key.unit)), ("allowed", .string(allowedText(key))),
                    ("source", .string(p.sources[key] ?? key.defaultSource)), ("usedIn", .strings(key.usedIn)),
                ]))
            })),
            ("urgency", .strings(TriageProtocol.urgencyOrder.map(\.rawValue))),
        ]
        if digest { members.append(("sha256", .string(p.sha256))) }
        return .object(members)
    }

    /// A value as the file writes it: `true`/`false` for a boolean, a whole number without a fraction.
    static func value(_ number: Double, _ key: ProtocolKey) -> JSONValue {
        if key.unit == "boolean" { return .bool(number >= 1) }
        return number == number.rounded() ? .integer(Int(number)) : .number(number)
    }

    /// The values the tool accepts for `key`, as the file states them ("0-240", "true or false").
    public static func allowedText(_ key: ProtocolKey) -> String {
        key.unit == "boolean" ? "true or false" : key.allowed.compactText
    }

    /// The sha256 (lower-case hex) of the canonical file of `p`.
    public static func digest(_ p: TriageProtocol) -> String {
        Hex.encode(SHA256.hash(data: json(p, digest: false).serializedBytes()))
    }

    /// `p` with its digest computed.
    public static func sealed(_ p: TriageProtocol) -> TriageProtocol {
        TriageProtocol(id: p.id, values: p.values, sources: p.sources, sha256: digest(p))
    }

    /// Why a protocol file is refused: the field and what is wrong with it.
    public struct Problem: Error, Sendable, Equatable {
        /// The member, e.g. `lvo.fastEdFrom.value`, or `(file)`.
        public let field: String
        /// What is wrong, e.g. "allowed 1-9 points, given 12".
        public let detail: String
    }

    /// Validates a parsed protocol file: every member known, every value present, in range and consistent,
    /// and a stated `sha256` that of its content. The one reading of a protocol file: `ProtocolFile` (a file
    /// on disk) and a hospital's board (a protocol a case carries) both use it.
    public static func parse(_ value: JSONValue) throws(Problem) -> TriageProtocol {
        func invalid(_ field: String, _ detail: String) -> Problem { Problem(field: field, detail: detail) }
        guard let top = value.dictionary else { throw invalid("(file)", "not a JSON object") }
        if let repeated = value.firstDuplicateMember { throw invalid(repeated, "appears twice (each member once)") }
        if let unknown = top.keys.sorted().first(where: { !["format", "id", "values", "urgency", "sha256"].contains($0) }) {
            throw invalid(unknown, "unknown field")
        }
        guard top["format"]?.stringValue == format else { throw invalid("format", "must be \"\(format)\"") }
        guard let id = top["id"]?.stringValue, !id.isEmpty, id.count <= 100,
              id.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 }) else {
            throw invalid("id", "must be 1-100 printable ASCII characters without spaces")
        }
        guard let values = top["values"]?.dictionary else { throw invalid("values", "missing or not an object") }
        if let unknown = values.keys.sorted().first(where: { ProtocolKey(rawValue: $0) == nil }) { throw invalid(unknown, "unknown field") }
        var numbers: [ProtocolKey: Double] = [:], sources: [ProtocolKey: String] = [:]
        for key in ProtocolKey.allCases {
            guard let entry = values[key.rawValue]?.dictionary else { throw invalid(key.rawValue, "missing") }
            if let unknown = entry.keys.sorted().first(where: { !["value", "unit", "allowed", "source", "usedIn"].contains($0) }) {
                throw invalid("\(key.rawValue).\(unknown)", "unknown field")
            }
            let number: Double
            if key.unit == "boolean" {
                guard let flag = entry["value"]?.boolValue else { throw invalid("\(key.rawValue).value", "missing or not true/false") }
                number = flag ? 1 : 0
            } else {
                guard let given = entry["value"]?.doubleValue else { throw invalid("\(key.rawValue).value", "missing or not a number") }
                number = given
            }
            guard key.allowed.contains(number) else {
                let given = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : JSONText.number(number)
                throw invalid("\(key.rawValue).value", "allowed \(key.allowed.compactText) \(key.unit), given \(given)")
            }
            guard entry["unit"]?.stringValue == key.unit else { throw invalid("\(key.rawValue).unit", "must be \"\(key.unit)\"") }
            if let allowed = entry["allowed"], allowed.stringValue != allowedText(key) {
                throw invalid("\(key.rawValue).allowed", "must be \"\(allowedText(key))\" (fixed by the tool)")
            }
            guard let source = entry["source"]?.stringValue, !source.isEmpty else { throw invalid("\(key.rawValue).source", "missing") }
            numbers[key] = number
            sources[key] = source
        }
        if let urgency = top["urgency"], urgency.stringArray != TriageProtocol.urgencyOrder.map(\.rawValue) {
            throw invalid("urgency", "must be \(TriageProtocol.urgencyOrder.map(\.rawValue).joined(separator: ", ")) (most urgent first; fixed by the tool)")
        }
        let p = TriageProtocol(id: id, values: numbers, sources: sources, sha256: "")
        if let (key, problem) = p.inconsistency() { throw invalid(key.rawValue, problem) }
        let result = sealed(p)
        if let stated = top["sha256"] {
            guard stated.stringValue == result.sha256 else {
                throw invalid("sha256", "does not match the file's content (\(result.sha256)); remove it after editing a value, or write that one")
            }
        }
        return result
    }
}
