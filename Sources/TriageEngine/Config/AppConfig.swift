import Foundation

/// The optional configuration file: one JSON object of settings.
///
/// Keys are documented in docs/commands.md's Configuration section. The load
/// policy, the same for every command and front-end: a missing file is an empty
/// configuration; a file that exists but cannot be read as a JSON object is an
/// error naming the file (`EngineError.configUnreadable`, the CLI's exit 78
/// EX_CONFIG), never silently ignored.
public struct AppConfig: Sendable {
    private let values: [String: ConfigValue]

    /// A value from the file.
    public enum ConfigValue: Sendable {
        case string(String), number(Double), bool(Bool), strings([String])
        /// An object of string values, e.g. `"hospitalKeys": {"ID": "sthk1.…"}`.
        case stringMap([String: String])
    }

    /// A configuration with the given values (tests, defaults).
    public init(values: [String: ConfigValue] = [:]) { self.values = values }

    /// Loads the file at `url`; a missing file gives an empty configuration.
    /// - Throws: `EngineError.configUnreadable` when the file exists but is not a readable JSON object.
    public init(contentsOf url: URL) throws(EngineError) {
        guard FileManager.default.fileExists(atPath: url.path) else { self.init(values: [:]); return }
        let object: [String: Any]
        do {
            let data = try Data(contentsOf: url)
            guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw EngineError(.configUnreadable(file: url.path), cause: "not a JSON object")
            }
            object = parsed
        } catch let error as EngineError {
            throw error
        } catch {
            throw EngineError(.configUnreadable(file: url.path), cause: String(describing: error))
        }
        var parsed: [String: ConfigValue] = [:]
        for (key, value) in object {
            if let b = value as? Bool, type(of: value) == type(of: NSNumber(value: true)) { parsed[key] = .bool(b) }
            else if let n = value as? NSNumber { parsed[key] = .number(n.doubleValue) }
            else if let s = value as? String { parsed[key] = .string(s) }
            else if let list = value as? [Any], list.allSatisfy({ $0 is String }) { parsed[key] = .strings(list.map { $0 as! String }) }
            else if let map = value as? [String: Any], map.values.allSatisfy({ $0 is String }) {
                parsed[key] = .stringMap(map.mapValues { $0 as! String })
            }
        }
        self.init(values: parsed)
    }

    /// The configuration of this user (see `StateDirectories`).
    /// - Throws: `EngineError.configUnreadable` for a broken file.
    public static func load(_ directories: StateDirectories = StateDirectories()) throws(EngineError) -> AppConfig {
        try AppConfig(contentsOf: directories.configFile)
    }

    /// A string setting.
    public func string(_ key: String) -> String? {
        if case .string(let s)? = values[key] { return s }
        return nil
    }

    /// A number setting.
    public func number(_ key: String) -> Double? {
        if case .number(let n)? = values[key] { return n }
        return nil
    }

    /// A list-of-strings setting, e.g. `"scales": ["race", "lams"]`.
    public func strings(_ key: String) -> [String]? {
        if case .strings(let list)? = values[key] { return list }
        return nil
    }

    /// An object-of-strings setting, e.g. `"hospitalKeys": {"ID": "sthk1.…"}`.
    public func stringMap(_ key: String) -> [String: String]? {
        if case .stringMap(let map)? = values[key] { return map }
        return nil
    }

    /// A boolean setting.
    public func bool(_ key: String) -> Bool? {
        if case .bool(let b)? = values[key] { return b }
        return nil
    }
}
