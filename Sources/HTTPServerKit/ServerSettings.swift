import Foundation
import StrokeJSON
import StrokeModels

/// A server's setting: its flag, its environment variable (the prefix, then the name in upper
/// snake case: `maxBodyBytes` is `STROKE_COLLECTOR_MAX_BODY_BYTES`) and its key in the JSON config
/// file (the raw value).
public protocol ServerSetting: RawRepresentable, Hashable, Sendable where RawValue == String {
    /// The environment variables' prefix, e.g. `STROKE_COLLECTOR_`.
    static var environmentPrefix: String { get }
}

extension ServerSetting {
    /// The environment variable, e.g. `STROKE_COLLECTOR_MAX_BODY_BYTES`.
    public var environmentName: String {
        Self.environmentPrefix + rawValue.reduce(into: "") { out, c in
            if c.isUppercase { out += "_" }
            out += c.uppercased()
        }
    }

    /// The key in the JSON config file (the raw value).
    public var fileKey: String { rawValue }
}

/// Why a setting or the config file was refused: the detail names it, the allowed values and the
/// value given (each server wraps it in its own `configurationInvalid`).
public struct ServerSettingProblem: Error, Sendable, Hashable {
    /// E.g. `maxBodyBytes: allowed 1024–1073741824, got 10`.
    public let detail: String
}

/// The one resolver of the servers' settings (`api`, `collector`): a flag, else the environment
/// variable, else the key in the JSON config file (`--config FILE`, else the file the environment
/// names). Numbers and lists are read from text, as the environment has them.
public struct ServerSettings<Setting: ServerSetting>: Sendable {
    /// The values given as flags.
    public var flags: [Setting: String]
    /// The process environment.
    public var environment: [String: String]
    /// The config file's settings (empty without one).
    public var file: [String: String]
    /// The config file's path, if one was named.
    public var filePath: String?

    /// Reads the config file `configPath`, else the one the environment variable `configVariable` names.
    /// - Throws: `ServerSettingProblem` (`PATH: not readable as a JSON object`) when that file cannot be used.
    public init(flags: [Setting: String], environment: [String: String], configPath: String?,
                configVariable: String) throws(ServerSettingProblem) {
        self.flags = flags
        self.environment = environment
        let path = configPath ?? environment[configVariable]
        self.filePath = path
        self.file = [:]
        guard let path else { return }
        guard let data = FileManager.default.contents(atPath: path),
              let settings = (try? JSONValue(parsing: Array(data)))?.settings else {
            throw ServerSettingProblem(detail: "\(path): not readable as a JSON object")
        }
        file = settings
    }

    /// The setting's value: the flag, else the environment variable, else the config file's key.
    public func value(_ setting: Setting) -> String? {
        flags[setting] ?? environment[setting.environmentName] ?? file[setting.fileKey]
    }

    /// The setting as a whole number in `range`, nil when not set.
    /// - Throws: `ServerSettingProblem` naming the setting, the range and the value given.
    public func integer(_ setting: Setting, range: ClosedRange<Int>) throws(ServerSettingProblem) -> Int? {
        guard let text = value(setting) else { return nil }
        // The one number grammar of both executables (`DecimalNumber`): no '+', hexadecimal or spaces.
        guard let number = DecimalNumber.integer(text), range.contains(number) else {
            throw ServerSettingProblem(detail: "\(setting.rawValue): allowed \(range.lowerBound)–\(range.upperBound), got \(text)")
        }
        return number
    }

    /// The setting as `HOST:PORT` (`ListenAddress`), nil when not set.
    /// - Throws: `ServerSettingProblem` (`ListenAddress.problem`).
    public func listenAddress(_ setting: Setting) throws(ServerSettingProblem) -> ListenAddress? {
        guard let text = value(setting) else { return nil }
        guard let address = ListenAddress(text) else { throw ServerSettingProblem(detail: ListenAddress.problem(text)) }
        return address
    }
}
