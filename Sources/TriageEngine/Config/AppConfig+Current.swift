import StrokeModels
import TriageLocalization

extension AppConfig {
    /// This user's configuration file, read once per process on first use: what `current`
    /// and `checkFile()` both answer from (start-up never reads the file twice).
    private static let loaded = Result { () throws(EngineError) in try AppConfig.load() }

    /// This user's configuration, loaded once per process on first use (see `StateDirectories`).
    ///
    /// The one config-load policy: a front-end calls `checkFile()` before anything else
    /// and stops with its error (the CLI's exit 78, EX_CONFIG) when the file is broken,
    /// so every later use sees the same, valid configuration. Should the file be broken
    /// anyway, this is the empty configuration (never a half-read one).
    /// Inside `ProcessEnvironment.withValues` (a command run in process by a test), the file
    /// of that environment, read on each use.
    public static var current: AppConfig {
        if ProcessEnvironment.isOverridden { return (try? AppConfig.load()) ?? AppConfig() }
        return (try? loaded.get()) ?? AppConfig()
    }

    /// This user's configuration file as `current` read it: `nil` when it is usable (or
    /// absent), else the error to report (`config.unreadable`, category `config`).
    public static func checkFile() -> EngineError? {
        if ProcessEnvironment.isOverridden { return checkFile(StateDirectories()) }
        if case .failure(let error) = loaded { return error }
        return nil
    }

    /// Loads the configuration file of `directories`: `nil` when it is usable (or absent),
    /// else the error to report.
    public static func checkFile(_ directories: StateDirectories) -> EngineError? {
        do { _ = try AppConfig.load(directories); return nil } catch { return error }
    }
}
