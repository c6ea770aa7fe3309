import Foundation
import StrokeJSON
@testable import StrokeTriage
import TestJSON
import TestScratch
import TriageLocalization

/// The result of one `stroke-triage` command line, run in process or as the binary.
public struct CLIRun: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything written to standard output.
    public let stdout: String
    /// Everything written to standard error.
    public let stderr: String

    /// Creates a result.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// stdout parsed as one JSON object.
    public func json() throws -> JSONValue {
        guard let object = try JSONValue(parsing: stdout).object else { throw CocoaError(.coderReadCorrupt) }
        return object
    }
}

/// Runs `stroke-triage` command lines in the test process: the same parsing, commands,
/// output and exit statuses as the binary (`StrokeTriage.run`), with their own
/// environment (`ProcessEnvironment`), standard input and captured output (`CommandCapture.capturing`),
/// so tests run side by side without starting a process.
///
/// Keep `BinaryRunner` and `PtySession` for what only a process shows: a real terminal,
/// signals, crashes, detached children, the installed binary.
public enum InProcessCLI {
    /// Runs `arguments` as `BinaryRunner.run` runs the binary: the process's environment
    /// without the variables in `unset`, a fresh state directory (removed afterwards) and
    /// `NO_COLOR`, then `environment`.
    /// The command reads `stdin` as its standard input, a pipe rather than a terminal
    /// (`nil`: empty input); the test process's own standard input is never read.
    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                           unset: [String] = []) async -> CLIRun {
        var values = ProcessInfo.processInfo.environment
        for name in unset { values[name] = nil }
        let home = environment["STROKE_TRIAGE_HOME"] == nil ? TestScratch.directory("home") : nil
        defer { if let home { try? FileManager.default.removeItem(at: home) } }
        if let home { values["STROKE_TRIAGE_HOME"] = home.path }
        values["NO_COLOR"] = "1"
        for (key, value) in environment { values[key] = value }
        let capture = CommandCapture(input: Array((stdin ?? "").utf8))
        let status = await ProcessEnvironment.withValues(values) {
            await CommandCapture.capturing(capture) { await StrokeTriage.run(arguments) }
        }
        let (stdout, stderr) = capture.texts
        return CLIRun(status: status, stdout: stdout, stderr: stderr)
    }
}
