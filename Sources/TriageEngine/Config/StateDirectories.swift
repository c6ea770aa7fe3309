import Foundation
import TriageLocalization

/// Where stroke-triage keeps its files.
///
/// With `$STROKE_TRIAGE_HOME` set, everything lives under it (`state/`,
/// `data/`, `config.json`). Otherwise the XDG base directories:
/// `$XDG_STATE_HOME/stroke-triage` (default `~/.local/state/stroke-triage`),
/// `$XDG_DATA_HOME/stroke-triage` (default `~/.local/share/stroke-triage`),
/// `$XDG_CONFIG_HOME/stroke-triage/config.json` (default `~/.config/…`).
public struct StateDirectories: Sendable {
    /// Small state: disclaimer acceptance, session token, key file.
    public let state: URL
    /// Larger data: the audit database.
    public let data: URL
    /// The optional configuration file (JSON).
    public let configFile: URL

    /// Resolves the directories from an environment.
    public init(environment: [String: String] = ProcessEnvironment.values) {
        if let home = environment["STROKE_TRIAGE_HOME"], !home.isEmpty {
            let root = URL(fileURLWithPath: home)
            state = root.appendingPathComponent("state")
            data = root.appendingPathComponent("data")
            configFile = root.appendingPathComponent("config.json")
            return
        }
        let userHome = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        func xdg(_ name: String, _ fallback: String) -> URL {
            if let value = environment[name], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return userHome.appendingPathComponent(fallback)
        }
        state = xdg("XDG_STATE_HOME", ".local/state").appendingPathComponent("stroke-triage")
        data = xdg("XDG_DATA_HOME", ".local/share").appendingPathComponent("stroke-triage")
        configFile = xdg("XDG_CONFIG_HOME", ".config").appendingPathComponent("stroke-triage/config.json")
    }

    /// Creates a directory (and parents) readable by the owner only.
    public static func ensure(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }
}
