import ArgumentParser
import StrokeModels
import TriageEngine
import TriageLocalization

/// Runs a command body and turns the project's errors (any `TriageError`) into
/// `ErrorReport`'s lines on stderr and the documented exit code (argument-parser
/// alone would print its own text and exit 1): the category's exit status.
enum Failure {
    /// Runs `body`; on a known error prints its message and throws the exit code.
    static func report<T>(_ options: OutputOptions, _ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw translate(error, options) }
    }

    /// The async form of `report`.
    static func report<T>(_ options: OutputOptions, _ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw translate(error, options) }
    }

    /// Prints a known error and returns the exit code to throw; passes others through.
    static func translate(_ error: Error, _ options: OutputOptions) -> Error {
        guard let known = error as? any TriageError else { return error }
        show(known, options.localizer, verbose: options.verbose)
        return known.exitCode
    }

    /// Writes `ErrorReport`'s lines for `error` on stderr.
    static func show(_ error: any TriageError, _ localizer: Localizer, verbose: Bool) {
        for line in ErrorReport.lines(error, localizer, verbose: verbose) { Console.err(line) }
    }
}

extension TriageError {
    /// The exit code of a one-shot command failing with this error (its category's status).
    var exitCode: ExitCode { category.exitCode }
}

extension ErrorCategory {
    /// The category's exit status (sysexits.h; the one table is `ErrorCategory.exitStatus`)
    /// as argument-parser's exit code.
    var exitCode: ExitCode { ExitCode(exitStatus) }
}
