import Foundation
import StrokeJSON
import StrokeModels
import TriageRendering

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
    public static let format = ProtocolCanonical.format
    /// The config key naming a protocol file.
    public static let configKey = "protocol.file"

    /// The protocol as its file (`sha256` included unless `digest` is false): `ProtocolCanonical`, which the
    /// decision's JSON and the board share.
    public static func json(_ p: TriageProtocol, digest: Bool = true) -> JSONValue { ProtocolCanonical.json(p, digest: digest) }

    /// The values the tool accepts for `key`, as the file states them ("0-240", "true or false").
    static func allowedText(_ key: ProtocolKey) -> String { ProtocolCanonical.allowedText(key) }

    /// The sha256 (lower-case hex) of the canonical file of `p`.
    public static func digest(_ p: TriageProtocol) -> String { ProtocolCanonical.digest(p) }

    /// `p` with its digest computed.
    public static func sealed(_ p: TriageProtocol) -> TriageProtocol { ProtocolCanonical.sealed(p) }

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
            throw EngineError(.protocolUnreadable(file: path, reason: error.syntaxReason(in: bytes)), cause: String(describing: error))
        }
        return try parse(value, file: path)
    }

    /// Validates a parsed protocol file (`ProtocolCanonical.parse`): every member known, every value present,
    /// in range and consistent; a problem is `EngineError.protocolInvalid` naming `file` and the field.
    public static func parse(_ value: JSONValue, file: String) throws(EngineError) -> TriageProtocol {
        do {
            return try ProtocolCanonical.parse(value)
        } catch {
            throw EngineError(.protocolInvalid(file: file, field: error.field, detail: error.detail))
        }
    }
}
