import ArgumentParser
import Foundation
import ServerKit
import StrokeCollector

/// Turns errors into the project's exit codes with a message, a recovery
/// suggestion and, with `--verbose`, the technical detail (never a password).
enum ServerFailure {
    /// Runs `body`; on a `CollectorError` prints it to standard error and exits
    /// 64 (usage/configuration), 65 (invalid data), 69 (database unavailable) or 1.
    static func report<T>(verbose: Bool, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as CollectorError {
            throw fail(error, verbose: verbose)
        }
    }

    /// Synchronous variant of `report`.
    static func report<T>(verbose: Bool, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CollectorError {
            throw fail(error, verbose: verbose)
        }
    }

    /// The exit code of an error (its category's).
    static func exitCode(_ error: CollectorError) -> Int32 { error.category.exitStatus }

    private static func fail(_ error: CollectorError, verbose: Bool) -> ExitCode {
        var lines = ["error: \(error.englishMessage) [\(error.code)]", error.recoverySuggestion]
        // Field and device names always; the database's own message only with --verbose.
        if let detail = error.detail, verbose || exitCode(error) != 69 { lines.append("detail: \(detail)") }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        return ExitCode(exitCode(error))
    }
}
