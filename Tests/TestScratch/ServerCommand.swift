import Foundation

/// Runs a server binary (or any program) to its end with a controlled environment:
/// the caller's environment minus the variables a test run never inherits, plus its own.
/// Built on `ChildProcess`, so the wait never holds a thread of the cooperative pool.
public enum ServerCommand {
    /// What a finished command left behind.
    public typealias Outcome = ChildProcess.Output

    /// The variables a test run never inherits: the collector's database and configuration.
    public static let collectorVariables = ["STROKE_COLLECTOR_DATABASE", "STROKE_COLLECTOR_CONFIG"]

    /// Runs `binary` with `arguments`, the caller's environment minus `unset`, plus `environment`.
    public static func run(_ binary: URL, _ arguments: [String], environment: [String: String] = [:],
                           unset: [String] = collectorVariables) async throws -> Outcome {
        var env = ProcessInfo.processInfo.environment
        for name in unset { env[name] = nil }
        for (key, value) in environment { env[key] = value }
        return try await ChildProcess.run(binary, arguments, environment: env)
    }
}
