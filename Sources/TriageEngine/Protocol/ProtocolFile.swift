import Crypto
import Foundation
import StrokeJSON
import StrokeModels

/// The local protocol as a file: what `stroke-triage protocol --json` prints is a
/// valid protocol file, and `--protocol FILE` / config `protocol.file` loads one
/// (docs/protocol.md).
///
/// ```json
/// {"format": "stroke-triage-protocol/1", "id": "stroke-triage-default-2026.12",
///  "values": {"ich.immediateFrom": {"value": 0.5, "unit": "probability", "source": "…", "usedIn": ["urgency", …]}, …},
///  "urgency": ["immediate", "timeCritical", "urgent", "standard"], "sha256": "…"}
/// ```
///
/// The sha256 is that of the canonical file (this form, compact, without the
/// `sha256` member): the same values, sources and id give the same digest whatever
/// the file's layout. A loaded file's own `sha256` member, when present, must match
/// its content (a medical director who edits a value removes it or writes the new
/// one); a repeated member anywhere is refused. A boolean value (`unit` `boolean`) is
/// written `true` or `false`.
public enum ProtocolFile {
    /// The format name every protocol file carries.
    public static let format = "stroke-triage-protocol/1"
    /// The config key naming a protocol file.
    public static let configKey = "protocol.file"

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
    static func allowedText(_ key: ProtocolKey) -> String {
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

    /// The protocol a run applies: `path` (a flag), else the config's `protocol.file`, else the default.
    /// - Throws: `EngineError.protocolUnreadable` / `.protocolInvalid` (exit 65) naming the file and field.
    public static func resolve(_ path: String?, config: AppConfig) throws(EngineError) -> TriageProtocol {
        guard let path = path ?? config.string(configKey) else { return .standard }
        return try load(path)
    }

    /// Reads and validates a protocol file; nothing is half-applied.
    public static func load(_ path: String) throws(EngineError) -> TriageProtocol {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            // Name the real cause: no such file, or this account may not read it (issue 46).
            let missing = !FileManager.default.fileExists(atPath: path)
            throw EngineError(.protocolUnreadable(file: path, reason: Message(missing ? "protocol.reason.missing" : "protocol.reason.notReadable")),
                              cause: String(describing: error))
        }
        let bytes = [UInt8](data)
        let value: JSONValue
        do { value = try JSONValue(parsing: bytes) } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            throw EngineError(.protocolUnreadable(file: path, reason: Message("protocol.reason.syntax", [
                .number(Double(line), maxFractionDigits: 0), .number(Double(column), maxFractionDigits: 0), .text(error.reason)])),
                              cause: String(describing: error))
        }
        return try parse(value, file: path)
    }

    /// The 1-based line and column (in characters) of a byte offset in UTF-8 text.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let prefix = bytes.prefix(max(0, min(offset, bytes.count)))
        let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lastLine = prefix.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last ?? []
        return (line, String(decoding: lastLine, as: UTF8.self).count + 1)
    }

    /// Validates a parsed protocol file: every member known, every value present, in range and consistent.
    public static func parse(_ value: JSONValue, file: String) throws(EngineError) -> TriageProtocol {
        func invalid(_ field: String, _ detail: String) -> EngineError {
            EngineError(.protocolInvalid(file: file, field: field, detail: detail))
        }
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
