import ArgumentParser
import StrokeCloud
import StrokeModels
import TriageLocalization

/// Runs a command body and turns the project's errors (any `TriageError`) into
/// one line on stderr and the documented exit code (argument-parser alone would
/// print its own text and exit 1). One path for every error type: the localized
/// message, the type's hint, the cause with `--verbose`, the category's exit status.
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
        let l = options.localizer
        Console.err("\(l.text("error.prefix")): \(known.message(l))")
        if let hint = known.hint { Console.err("\(l.text("error.hint")): \(l.render(hint))") }
        if options.verbose, let cause = known.cause { Console.err("  cause: \(cause.escapingControlCharacters)") }
        return known.exitCode
    }
}

extension TriageError {
    /// The exit code of a one-shot command failing with this error (its category's status).
    var exitCode: ExitCode { ExitCode(category.exitStatus) }

    /// The one-line message in the user's language; a cloud error names the function that failed.
    func message(_ localizer: Localizer) -> String {
        let text = localizer.render(message)
        guard let cloud = self as? CloudError, let function = cloud.function else { return text }
        return localizer.text("cloud.error.inFunction", [.text(function), .text(text)])
    }
}
