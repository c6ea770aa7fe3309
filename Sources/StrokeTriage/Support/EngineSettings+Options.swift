import ArgumentParser
import Logging
import StrokeAudit
import StrokeCloud
import StrokeModels
import TriageEngine

// The command line's option types converted to the engine's plain settings, the
// user's configuration, and the cloud client's logger on the terminal.

extension OutputOptions {
    /// The engine's output settings of these flags.
    var settings: OutputSettings { OutputSettings(json: json, language: lang, noColor: noColor, verbose: verbose) }
}

extension PredictionOptions {
    /// The engine's prediction settings of these flags.
    var settings: PredictionSettings { PredictionSettings(mode: mode, apiBase: apiBase, deadline: deadline) }
}

extension PredictionMode: ExpressibleByArgument {}

extension AuditOptions {
    /// The engine's audit settings of these flags.
    var settings: AuditSettings { AuditSettings(database: auditDb, keyFile: keyFile) }
}

/// The user's configuration file, loaded once per process. `StrokeTriage.main`
/// loads it before any command runs and exits 78 (EX_CONFIG) when it is broken,
/// so every command sees the same, valid configuration.
enum UserConfig {
    /// The configuration (checked at start-up by `StrokeTriage.main`).
    static let current: AppConfig = (try? AppConfig.load()) ?? AppConfig()

    /// Loads the configuration file: nil when usable, else the error to report.
    static func check() -> EngineError? {
        do { _ = try AppConfig.load(); return nil } catch { return error }
    }
}

extension CloudSettings {
    /// The cloud client's logger: debug lines on stderr with `--verbose`, nothing otherwise.
    static func logger(verbose: Bool) -> Logger {
        guard verbose else { return silentLogger }
        var logger = Logger(label: "stroke-triage.cloud") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .debug
        return logger
    }
}
