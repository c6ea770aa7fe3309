import Foundation
@testable import StrokeTriage
import TriageLocalization

/// Runs `stroke-triage` command lines in the test process: the same parsing, commands,
/// output and exit statuses as the binary (`StrokeTriage.run`), with their own
/// environment (`ProcessEnvironment`) and captured output (`Console.capturing`),
/// so tests run side by side without starting a process.
///
/// Keep `BinaryRunner` for what only a process shows: standard input, signals,
/// crashes, the installed binary.
enum InProcessCLI {
    /// Runs `arguments` as `BinaryRunner.run` runs the binary: the process's environment,
    /// a fresh state directory (removed afterwards) and `NO_COLOR`, then `environment`.
    /// A command line that reads standard input (the walkthrough, `login` without a password
    /// file, a batch reading `-`) runs in a process of its own, with an empty standard input.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async -> BinaryRunner.Result {
        if readsStandardInput(arguments) {
            return (try? BinaryRunner.run(arguments, environment: environment))
                ?? BinaryRunner.Result(status: -1, stdout: "", stderr: "the binary could not be started")
        }
        var values = ProcessInfo.processInfo.environment
        let home = environment["STROKE_TRIAGE_HOME"] == nil ? BinaryRunner.temporaryHome() : nil
        defer { if let home { try? FileManager.default.removeItem(at: home) } }
        if let home { values["STROKE_TRIAGE_HOME"] = home.path }
        values["NO_COLOR"] = "1"
        for (key, value) in environment { values[key] = value }
        let capture = Console.Capture()
        let status = await ProcessEnvironment.withValues(values) {
            await Console.capturing(capture) { await StrokeTriage.run(arguments) }
        }
        let (stdout, stderr) = capture.texts
        return BinaryRunner.Result(status: status, stdout: stdout, stderr: stderr)
    }

    /// Whether the command may read standard input (the test process's own must never be read).
    static func readsStandardInput(_ arguments: [String]) -> Bool {
        let command = arguments.first { !$0.hasPrefix("-") }
        if command == nil || command == "walk" { return !arguments.contains("--help") && !arguments.contains("--version") }
        if command == "login" { return !arguments.contains("--password-file") && !arguments.contains("--help") }
        return arguments.contains("-")
    }
}
