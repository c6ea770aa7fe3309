import ArgumentParser
import Foundation
import StrokeModels
import TriageEngine
import TriageLocalization

/// The one error printer of the server commands (`api`, `collector`, `relay`, `board`, `station`): the
/// CLI's own report (`ErrorReport`, docs/errors.md), in English.
///
/// Every failure is written to standard error the same way and ends the command with the exit
/// status of its category (`ErrorCategory.exitStatus`: 64 usage, 65 invalid data, 69 unavailable,
/// 1 otherwise, 73/74 for output files):
///
/// ```text
/// Error: <message> [<code>]
/// Hint: <what to do>              (when the error says)
///   cause: <names, paths, detail> (a database's or the system's own message only with --verbose)
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
            let shown = verbose || status != ErrorCategory.unavailable.exitStatus ? detail : nil
            let lines = ErrorReport.lines(code: code, message: message, hint: suggestion, cause: shown, Localizer(language: .en))
            ServerConsole.err(lines.joined(separator: "\n") + "\n")
            return ExitCode(status)
        }
    }

    /// The report of an error (every module's errors are `TriageError`s: code, message, hint, cause, category),
    /// nil for any other error.
    static func report(of error: any Error) -> Report? {
        guard let error = error as? any TriageError else { return nil }
        let english = Localizer(language: .en)
        return Report(code: error.code, message: error.message(english), suggestion: error.hint.map(english.render),
                      detail: error.cause, status: error.category.exitStatus)
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
