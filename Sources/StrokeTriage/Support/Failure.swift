import ArgumentParser
import StrokeModels
import TriageLocalization

/// Runs a command body and turns the project's errors into one line on
/// stderr and the documented exit code (argument-parser would print its own
/// text and exit 1).
enum Failure {
    /// Runs `body`; on a known error prints its message and throws the exit code.
    static func report<T>(_ options: OutputOptions, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ModelsError {
            let localizer = options.localizer
            Console.err("\(localizer.text("error.prefix")): \(localizer.render(error.message))")
            if options.verbose, error.issues.count > 1 {
                for issue in error.issues.dropFirst() { Console.err("  \(localizer.render(issue.message))") }
            }
            throw ExitStatus.invalidData
        }
    }
}
