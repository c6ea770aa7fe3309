import ArgumentParser
import Foundation
import Logging
import StrokeCollector

/// Options every `collector` subcommand takes: where the database is and where more settings are.
struct CollectorOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "PostgreSQL URL, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (else STROKE_COLLECTOR_DATABASE, else the config file).",
        valueName: "url"))
    var database: String?

    @Option(name: .long, help: ArgumentHelp("JSON config file (else STROKE_COLLECTOR_CONFIG).", valueName: "path"))
    var config: String?

    @Flag(name: .long, help: "Show the technical detail of errors.")
    var verbose = false

    /// Resolves the configuration: flags, then the environment, then the config file.
    func resolve(extra flags: [CollectorSetting: String] = [:]) throws -> CollectorConfiguration {
        var all = flags
        if let database { all[.database] = database }
        return try ServerFailure.report(verbose: verbose) {
            let sources = try CollectorSettingSources(flags: all, environment: ProcessInfo.processInfo.environment,
                                                      configPath: config)
            return try CollectorConfiguration(sources)
        }
    }

    /// A logger to standard error (structured: key=value metadata); info level, debug with `--verbose`.
    func makeLogger() -> Logger {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "stroke-triage.collector")
        logger.logLevel = verbose ? .debug : .info
        return logger
    }

    /// Opens the store, migrates the schema, runs `body`, and closes the pool; errors become exit codes.
    func withStore<T: Sendable>(_ body: @Sendable (CollectorStore) async throws -> T) async throws -> T {
        let configuration = try resolve()
        var logger = Logger(label: "stroke-triage.collector")
        logger.logLevel = verbose ? .debug : .warning
        let verbose = verbose
        return try await ServerFailure.report(verbose: verbose) {
            try await CollectorStore.with(database: configuration.database, logger: logger) { store in
                try await store.migrate()
                return try await body(store)
            }
        }
    }
}
