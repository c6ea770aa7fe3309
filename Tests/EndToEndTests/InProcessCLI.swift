import Foundation
@testable import StrokeTriage
import TriageLocalization

/// Runs `stroke-triage` command lines in the test process: the same parsing, commands,
/// output and exit statuses as the binary (`StrokeTriage.run`), with their own
/// environment (`ProcessEnvironment`), standard input and captured output (`Console.capturing`),
/// so tests run side by side without starting a process.
///
/// Keep `BinaryRunner` and `PtySession` for what only a process shows: a real terminal,
/// signals, crashes, detached children, the installed binary.
enum InProcessCLI {
    /// Runs `arguments` as `BinaryRunner.run` runs the binary: the process's environment,
    /// a fresh state directory (removed afterwards) and `NO_COLOR`, then `environment`.
    /// The command reads `stdin` as its standard input, a pipe rather than a terminal
    /// (`nil`: empty input); the test process's own standard input is never read.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async -> BinaryRunner.Result {
        var values = ProcessInfo.processInfo.environment
        let home = environment["STROKE_TRIAGE_HOME"] == nil ? BinaryRunner.temporaryHome() : nil
        defer { if let home { try? FileManager.default.removeItem(at: home) } }
        if let home { values["STROKE_TRIAGE_HOME"] = home.path }
        values["NO_COLOR"] = "1"
        for (key, value) in environment { values[key] = value }
        let capture = Console.Capture(input: Array((stdin ?? "").utf8))
        let status = await ProcessEnvironment.withValues(values) {
            await Console.capturing(capture) { await StrokeTriage.run(arguments) }
        }
        let (stdout, stderr) = capture.texts
        return BinaryRunner.Result(status: status, stdout: stdout, stderr: stderr)
    }
}
