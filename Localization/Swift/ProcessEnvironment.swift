import Foundation

/// The environment variables the program reads settings from (`STROKE_TRIAGE_HOME`,
/// `LANG`, the cloud, collector and relay settings, `NO_COLOR`, …): the process's
/// own, or, inside `withValues`, a given set.
///
/// Every default `environment:` parameter of the engine and the fleet, and the
/// user's language, read `ProcessEnvironment.values`, so a test can run a whole
/// command in its own process with its own home and settings, beside other tests,
/// without touching the process's environment (which every thread shares).
///
/// ```swift
/// let values = try await ProcessEnvironment.withValues(["STROKE_TRIAGE_HOME": home]) {
///     StateDirectories().state            // <home>/state
/// }
/// ```
public enum ProcessEnvironment {
    @TaskLocal private static var override: [String: String]?

    /// The variables in effect: those given to the innermost `withValues`, else the process's.
    public static var values: [String: String] { override ?? ProcessInfo.processInfo.environment }

    /// Runs `body` with `values` in place of the process's environment (for it and the
    /// tasks it creates; not for threads started outside Swift concurrency).
    public static func withValues<T: Sendable>(_ values: [String: String],
                                               _ body: @Sendable () async throws -> T) async rethrows -> T {
        try await $override.withValue(values, operation: body)
    }
}
