import ArgumentParser
import Logging
import StrokeAudit
import StrokeCloud
import StrokeModels
import TriageEngine

// The command line's option types converted to the engine's plain settings,
// and the forms of the engine's entry points the commands call with them.

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

extension AuditSetup {
    /// The log's location for these flags and the user's configuration.
    static func location(_ options: AuditOptions) -> AuditLog.Location { location(options.settings, config: UserConfig.current) }

    /// The operator and app version for the user's configuration.
    static func context() -> AuditLog.Context { context(config: UserConfig.current) }
}

extension AuditTrail {
    /// The trail for these flags (the default log unless configured otherwise).
    static func make(_ options: AuditOptions, output: OutputOptions) -> AuditTrail {
        make(options.settings, config: UserConfig.current)
    }
}

extension PredictionServiceFactory {
    /// The service for these flags (`--verbose` logs the cloud client's requests).
    static func make(_ options: PredictionOptions, output: OutputOptions) throws -> any PredictionService {
        try make(options.settings, config: UserConfig.current, logger: CloudSettings.logger(verbose: output.verbose))
    }
}

extension CloudSettings {
    /// The cloud settings of a module command's flags and the user's configuration.
    init(_ options: PredictionOptions) throws { try self.init(options.settings, config: UserConfig.current) }

    /// The user's configuration (a broken file already ended the process with exit 78).
    static func loadConfig() throws -> AppConfig { UserConfig.current }

    /// The cloud client's logger: debug lines on stderr with `--verbose`, nothing otherwise.
    static func logger(verbose: Bool) -> Logger {
        guard verbose else { return silentLogger }
        var logger = Logger(label: "stroke-triage.cloud") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .debug
        return logger
    }

    /// A client logging to stderr with `--verbose`, silent otherwise.
    func client(verbose: Bool) -> CloudClient { client(logger: Self.logger(verbose: verbose)) }
}

extension CentersEnvironment {
    /// The user's configuration (a broken file already ended the process with exit 78).
    static func config() -> AppConfig { UserConfig.current }
}
