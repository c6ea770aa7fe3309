import Foundation
@testable import StrokeTriageServer
import TriageLocalization

/// Runs `stroke-triage-server` command lines in the test process: the same parsing, commands,
/// output and exit statuses as the binary (`StrokeTriageServer.run`), with the output captured
/// (`CommandCapture.capturing`, written through `ServerConsole`). For the administration commands (devices, hospitals, incidents,
/// exports, keys); a server that listens runs as the binary or through its module in a test.
///
/// The `api` command reads its environment through `ProcessEnvironment` (given here); the
/// collector, relay and station settings a test passes as flags (`--database`, `--data`).
public enum InProcessServerCLI {
    /// Runs `arguments` with `stdin` as its standard input (a pipe) and `environment` over the
    /// process's; returns the exit status and what was written.
    public static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) async -> CLIRun {
        let capture = CommandCapture(input: Array(stdin.utf8))
        let values = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let status = await ProcessEnvironment.withValues(values) {
            await CommandCapture.capturing(capture) { await StrokeTriageServer.run(arguments) }
        }
        let (stdout, stderr) = capture.texts
        return CLIRun(status: status, stdout: stdout, stderr: stderr)
    }
}
