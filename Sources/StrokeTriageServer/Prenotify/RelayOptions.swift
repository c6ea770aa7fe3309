import ArgumentParser
import CaseWire
import Foundation
import Logging
import ServerKit
import StrokeCollector
import StrokeBoard
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
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: label)
        logger.logLevel = verbose ? .debug : level
        return logger
    }

    /// Opens the store, migrates (collector, then relay), runs `body`, closes the pool; errors become exit codes.
    func withStore<T: Sendable>(_ body: @Sendable (RelayStore) async throws -> T) async throws -> T {
        try await database.withStation { station in
            let url = try databaseURL(station: station)
            var logger = Logger(label: "stroke-triage.relay")
            logger.logLevel = verbose ? .debug : .warning
            return try await PrenotifyFailure.report(verbose: verbose) {
                try await RelayStore.with(CollectorStore.self, database: url, logger: logger) { store in
                    try await store.migrate()
                    return try await body(store)
                }
            }
        }
    }
}

/// Turns the relay's, the board's and CaseWire's errors into exit codes with a message and a
/// suggestion (the collector's own errors go through `ServerFailure`).
enum PrenotifyFailure {
    /// Runs `body`; prints a known error to standard error and exits with its code.
    static func report<T>(verbose: Bool, _ body: () async throws -> T) async throws -> T {
        do {
            return try await ServerFailure.report(verbose: verbose) { try await body() }
        } catch let error as RelayError {
            throw fail(code: error.code, message: error.englishMessage, suggestion: error.recoverySuggestion,
                       detail: error.detail, exit: error.exitCode, verbose: verbose)
        } catch let error as CaseWireError {
            throw fail(code: error.code, message: error.englishMessage, suggestion: error.recoverySuggestion, detail: nil,
                       exit: error.category.exitStatus, verbose: verbose)
        } catch let error as BoardError {
            throw fail(code: error.code, message: error.englishMessage, suggestion: error.recoverySuggestion,
                       detail: error.detail, exit: error.exitCode, verbose: verbose)
        }
    }

    private static func fail(code: String, message: String, suggestion: String, detail: String?, exit: Int32,
                             verbose: Bool) -> ExitCode {
        var lines = ["error: \(message) [\(code)]", suggestion]
        // Names and settings always; a database's or the system's own message only with --verbose.
        if let detail, verbose || exit != 69 { lines.append("detail: \(detail)") }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        return ExitCode(exit)
    }
}
