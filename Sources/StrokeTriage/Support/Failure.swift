import StrokeModels
import ArgumentParser
import TriageLocalization

/// An error the command line knows how to show: a localized one-line message,
/// an optional recovery hint, the underlying cause for `--verbose`, and the
/// documented exit code. Each module's error type conforms in an extension
/// file here (`ModelsError+UserFacing.swift`, …).
protocol UserFacingError: Error {
    /// The exit code of a one-shot command failing with this error.
    var exitCode: ExitCode { get }
    /// The one-line message in the user's language; never a patient value or a secret.
    func message(_ localizer: Localizer) -> String
    /// A recovery suggestion, if there is one.
    func hint(_ localizer: Localizer) -> String?
    /// Technical detail shown with `--verbose` only.
    var underlyingCause: String? { get }
}

extension UserFacingError {
    func hint(_ localizer: Localizer) -> String? { nil }
    var underlyingCause: String? { nil }
}

/// Runs a command body and turns the project's errors into one line on
/// stderr and the documented exit code (argument-parser alone would print
/// its own text and exit 1).
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
        guard let known = error as? UserFacingError else { return error }
        let l = options.localizer
        Console.err("\(l.text("error.prefix")): \(known.message(l))")
        if let hint = known.hint(l) { Console.err("\(l.text("error.hint")): \(hint)") }
        if options.verbose, let cause = known.underlyingCause { Console.err("  cause: \(cause.escapingControlCharacters)") }
        return known.exitCode
    }
}
