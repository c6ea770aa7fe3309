import ArgumentParser
import CaseWire
import Foundation
import HTTPServerKit
import Logging
import PostgresServerKit
import StrokeBoard
import StrokeCollector
import StrokeRelay

/// Options every `relay` subcommand takes: the collector's database options
/// (`--database`, else `STROKE_COLLECTOR_DATABASE`, else the config file; `--config`; `--verbose`).
struct RelayOptions: ParsableArguments {
    @OptionGroup var database: CollectorOptions

    /// The verbose flag.
    var verbose: Bool { database.verbose }

    /// The resolved database URL (`station`: the database of `--data`, from `withStation`).
    func databaseURL(station: DatabaseURL? = nil) throws -> DatabaseURL { try database.resolve(station: station).database }

    /// A logger to standard error (structured key=value metadata); info level, debug with `--verbose`.
    func makeLogger(label: String = "stroke-triage.relay", level: Logger.Level = .info) -> Logger {
        ServerLaunch.logger(label: label, level: verbose ? .debug : level)
    }

    /// Opens the store, migrates (collector, then relay), runs `body`, closes the pool; errors become exit codes.
    func withStore<T: Sendable>(_ body: @Sendable (RelayStore) async throws -> T) async throws -> T {
        try await database.withStation { station in
            let url = try databaseURL(station: station)
            var logger = Logger(label: "stroke-triage.relay")
            logger.logLevel = verbose ? .debug : .warning
            return try await ServerFailure.report(verbose: verbose) {
                try await RelayStore.with(CollectorStore.self, database: url, logger: logger) { store in
                    try await store.migrate()
                    return try await body(store)
                }
            }
        }
    }
}
