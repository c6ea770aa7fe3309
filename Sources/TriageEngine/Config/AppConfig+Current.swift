import StrokeModels
import TriageLocalization

extension AppConfig {
    /// The configuration file of the process's own environment, read once on first use by code
    /// outside a command run (`reading`).
    private static let loaded = Result { () throws(EngineError) in try AppConfig.load() }

    /// The configuration file read at the start of the current command run, if any.
    @TaskLocal private static var bound: Result<AppConfig, EngineError>?

    /// Runs one command with this user's configuration file read once, now (from the environment in
    /// effect, `ProcessEnvironment`): what `current` and `checkFile()` answer inside `body` and the
    /// tasks it creates. A front-end wraps each command it runs in this.
    public static func reading<T>(_ body: () async throws -> T) async rethrows -> T {
        try await $bound.withValue(Result { () throws(EngineError) in try AppConfig.load() }, operation: body)
    }

    /// This user's configuration: the file as read at the start of the command run (`reading`),
    /// else as read once per process.
    ///
    /// The one config-load policy: a front-end calls `checkFile()` before anything else
    /// and stops with its error (the CLI's exit 78, EX_CONFIG) when the file is broken,
    /// so every later use sees the same, valid configuration. Should the file be broken
    /// anyway, this is the empty configuration (never a half-read one).
    public static var current: AppConfig {
        (try? (bound ?? loaded).get()) ?? AppConfig()
    }

    /// This user's configuration file as `current` read it: `nil` when it is usable (or
    /// absent), else the error to report (`config.unreadable`, category `config`).
    public static func checkFile() -> EngineError? {
        if case .failure(let error) = bound ?? loaded { return error }
        return nil
    }

    /// Loads the configuration file of `directories`: `nil` when it is usable (or absent),
    /// else the error to report.
    public static func checkFile(_ directories: StateDirectories) -> EngineError? {
        do { _ = try AppConfig.load(directories); return nil } catch { return error }
    }
}
