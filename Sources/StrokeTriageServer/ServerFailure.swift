import ArgumentParser
import CaseWire
import FleetExport
import Foundation
import HTTPServerKit
import PostgresServerKit
import StrokeBoard
import StrokeModels
import StrokeRelay
import TriageLocalization

/// The one error printer of the server commands (`api`, `collector`, `relay`, `board`, `station`).
///
/// Every failure is written to standard error the same way and ends the command with the exit
/// status of its category (`ErrorCategory.exitStatus`: 64 usage, 65 invalid data, 69 unavailable,
/// 1 otherwise, 73/74 for output files):
///
/// ```text
/// error: <message> [<code>]
/// <what to do>                      (when the error type has a suggestion)
/// detail: <names, paths, settings>  (a database's or the system's own message only with --verbose)
/// ```
enum ServerFailure {
    /// What one failure prints and its exit status.
    struct Report {
        /// Stable dotted code, e.g. `collector.databaseUnavailable`.
        let code: String
        /// One English sentence.
        let message: String
        /// What the operator can do next, if the error says.
        var suggestion: String?
        /// Technical detail (never a password or patient data).
        var detail: String?
        /// The exit status (`ErrorCategory.exitStatus`).
        let status: Int32

        /// Prints the report to standard error and returns the exit to throw. The detail is always shown,
        /// but for an unavailable service (69), whose detail is a database's or the system's own message:
        /// then only with `verbose`.
        func exit(verbose: Bool) -> ExitCode {
            var lines = ["error: \(message) [\(code)]"] + (suggestion.map { [$0] } ?? [])
            if let detail, verbose || status != ErrorCategory.unavailable.exitStatus { lines.append("detail: \(detail)") }
            ServerConsole.err(lines.joined(separator: "\n") + "\n")
            return ExitCode(status)
        }
    }

    /// The report of an error of the server side's modules, nil for any other error.
    static func report(of error: any Error) -> Report? {
        switch error {
        case let error as CollectorError:
            Report(code: error.code, message: error.englishMessage, suggestion: error.recoverySuggestion, detail: error.detail,
                   status: error.category.exitStatus)
        case let error as RelayError:
            Report(code: error.code, message: error.englishMessage, suggestion: error.recoverySuggestion, detail: error.detail,
                   status: error.category.exitStatus)
        case let error as BoardError:
            Report(code: error.code, message: error.englishMessage, suggestion: error.recoverySuggestion, detail: error.detail,
                   status: error.category.exitStatus)
        case let error as CaseWireError:
            Report(code: error.code, message: error.englishMessage, suggestion: error.recoverySuggestion, detail: nil,
                   status: error.category.exitStatus)
        case let error as ServerTLSError:
            Report(code: error.code, message: error.englishMessage, suggestion: error.recoverySuggestion, detail: error.detail,
                   status: error.category.exitStatus)
        case let error as FleetExportError:
            // The export's errors name their path as the detail; their messages say what to do.
            Report(code: error.code, message: error.englishMessage, suggestion: nil, detail: error.detail,
                   status: error.category.exitStatus)
        case let error as any TriageError:
            // The engine's errors the servers meet (a `--protocol` file: `protocol.invalid`), in English.
            Report(code: error.code, message: Localizer(language: .en).render(error.message), suggestion: nil, detail: error.cause,
                   status: error.category.exitStatus)
        default:
            nil
        }
    }

    /// Runs `body`; an error of the server side's modules is printed and becomes its exit status
    /// (any other error is rethrown as it is).
    static func report<T>(verbose: Bool, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            guard let report = report(of: error) else { throw error }
            throw report.exit(verbose: verbose)
        }
    }

    /// Synchronous variant of `report`.
    static func report<T>(verbose: Bool, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            guard let report = report(of: error) else { throw error }
            throw report.exit(verbose: verbose)
        }
    }

    /// A server that could not run on its address (in use, not this machine's, not allowed):
    /// `api.unavailable` (69), the system's message with `--verbose`.
    static func cannotRun(_ what: String, host: String, port: Int, error: any Error, verbose: Bool) -> ExitCode {
        Report(code: "api.unavailable", message: "\(what) could not run on \(host):\(port)", detail: "\(error)",
               status: ErrorCategory.unavailable.exitStatus).exit(verbose: verbose)
    }
}
