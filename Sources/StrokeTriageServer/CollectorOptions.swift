import ArgumentParser
import Foundation
import Logging
import ServerKit
import StrokeCollector

/// Options every `collector` and `relay` subcommand takes: where the database is (an existing PostgreSQL,
/// or a station's own with `--data`) and where more settings are.
struct CollectorOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "PostgreSQL URL, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (else STROKE_COLLECTOR_DATABASE, else the config file).",
        valueName: "url"))
    var database: String?

    @Option(name: .long, help: ArgumentHelp(
        "A station's data directory (`station --data`): use its own PostgreSQL, started for this command and stopped after it unless it already runs.",
        valueName: "dir"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp("JSON config file (else STROKE_COLLECTOR_CONFIG).", valueName: "path"))
    var config: String?

    @Flag(name: .long, help: "Show the technical detail of errors.")
    var verbose = false

    /// Resolves the configuration: flags, then the environment, then the config file; `station` (the
    /// database of `--data`, from `withStation`) stands for the database.
    func resolve(extra flags: [CollectorSetting: String] = [:], station: DatabaseURL? = nil) throws -> CollectorConfiguration {
        var all = flags
        if let database { all[.database] = database }
        return try ServerFailure.report(verbose: verbose) {
            if data != nil, station == nil {
                // Only the administration commands start a station's cluster for themselves.
                throw CollectorError.configurationInvalid(
                    "--data: `collector serve` and `relay serve` take --database; `station --data DIR` serves both from its own database")
            }
            let sources = try CollectorSettingSources(flags: all, environment: ProcessInfo.processInfo.environment,
                                                      configPath: config)
            return try CollectorConfiguration(sources, station: station)
        }
    }

    /// Runs `body` with the database of `--data` (the station's own cluster, created and started when
    /// needed and then stopped again, `StationCluster.whileRunning`), or with nil without `--data`.
    func withStation<T>(_ body: (DatabaseURL?) async throws -> T) async throws -> T {
        guard let data else { return try await body(nil) }
        return try await ServerFailure.report(verbose: verbose) {
            guard database == nil else { throw CollectorError.configurationInvalid("--data and --database: give one of them") }
            return try await StationCluster(directory: data).whileRunning { try await body($0) }
        }
    }

    /// A logger to standard error (structured: key=value metadata); info level, debug with `--verbose`.
    func makeLogger() -> Logger {
        ServerLaunch.logger(label: "stroke-triage.collector", level: verbose ? .debug : .info)
    }

    /// Opens the store, migrates the schema, runs `body`, and closes the pool; errors become exit codes.
    func withStore<T: Sendable>(_ body: @Sendable (CollectorStore) async throws -> T) async throws -> T {
        try await withStation { station in
            let configuration = try resolve(station: station)
            var logger = Logger(label: "stroke-triage.collector")
            logger.logLevel = verbose ? .debug : .warning
            return try await ServerFailure.report(verbose: verbose) {
                try await CollectorStore.with(database: configuration.database, logger: logger) { store in
                    try await store.migrate()
                    return try await body(store)
                }
            }
        }
    }
}
