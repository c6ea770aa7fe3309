import StrokeModels

extension AppConfig {
    /// This user's configuration, loaded once per process on first use (see `StateDirectories`).
    ///
    /// The one config-load policy: a front-end calls `checkFile()` before anything else
    /// and stops with its error (the CLI's exit 78, EX_CONFIG) when the file is broken,
    /// so every later use sees the same, valid configuration. Should the file be broken
    /// anyway, this is the empty configuration (never a half-read one).
    public static let current: AppConfig = (try? AppConfig.load()) ?? AppConfig()

    /// Loads this user's configuration file: `nil` when it is usable (or absent), else
    /// the error to report (`config.unreadable`, category `config`).
    public static func checkFile(_ directories: StateDirectories = StateDirectories()) -> EngineError? {
        do { _ = try AppConfig.load(directories); return nil } catch { return error }
    }
}
