import Foundation
import StrokeJSON
import StrokeModels

/// The optional configuration file: one JSON object of settings.
///
/// Keys are documented in docs/commands.md's Configuration section. The load
/// policy, the same for every command and front-end: a missing file is an empty
/// configuration; a file that exists but cannot be read as a JSON object is an
/// error naming the file (`EngineError.configUnreadable`, the CLI's exit 78
/// EX_CONFIG), never silently ignored.
public struct AppConfig: Sendable {
    private let values: [String: JSONValue]

    /// A configuration with the given values (tests, defaults).
    public init(values: [String: JSONValue] = [:]) { self.values = values }

    /// Loads the file at `url` with the one JSON reader; a missing file gives an empty configuration.
    /// - Throws: `EngineError.configUnreadable` when the file exists but is not a readable JSON object.
    public init(contentsOf url: URL) throws(EngineError) {
        guard FileManager.default.fileExists(atPath: url.path) else { self.init(values: [:]); return }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw EngineError(.configUnreadable(file: url.path), cause: String(describing: error))
        }
        let parsed: JSONValue
        let bytes = [UInt8](data)
        do { parsed = try JSONValue(parsing: bytes) } catch {
            throw EngineError(.configUnreadable(file: url.path, reason: error.syntaxReason(in: bytes)), cause: String(describing: error))
        }
        guard let object = parsed.dictionary else {
            throw EngineError(.configUnreadable(file: url.path), cause: "not a JSON object")
        }
        self.init(values: object)
    }

    /// The configuration of this user (see `StateDirectories`).
    /// - Throws: `EngineError.configUnreadable` for a broken file.
    public static func load(_ directories: StateDirectories = StateDirectories()) throws(EngineError) -> AppConfig {
        try AppConfig(contentsOf: directories.configFile)
    }

    /// A string setting.
    public func string(_ key: String) -> String? {
        values[key]?.stringValue
    }

    /// A number setting.
    public func number(_ key: String) -> Double? {
        values[key]?.doubleValue
    }

    /// A list-of-strings setting, e.g. `"scales": ["race", "lams"]`.
    public func strings(_ key: String) -> [String]? {
        values[key]?.stringArray
    }

    /// An object-of-strings setting, e.g. `"hospitalKeys": {"ID": "sthk1.…"}`.
    public func stringMap(_ key: String) -> [String: String]? {
        values[key]?.stringMap
    }

    /// A boolean setting.
    public func bool(_ key: String) -> Bool? {
        values[key]?.boolValue
    }
}
