import Foundation
@testable import StrokeTriageServer

/// Runs `stroke-triage-server` command lines in the test process: the same parsing, commands,
/// output and exit statuses as the binary (`StrokeTriageServer.run`), with the output captured
/// (`ServerConsole.capturing`). For the administration commands (devices, hospitals, incidents,
/// exports, keys); a server that listens runs as the binary or through its module in a test.
///
/// The server commands read their settings from flags and the process's environment: a test
/// passes what it needs as flags (`--database`, `--data`), never through the environment.
public enum InProcessServerCLI {
    /// Runs `arguments` and returns the exit status and what was written.
    public static func run(_ arguments: [String]) async -> CLIRun {
        let capture = ServerConsole.Capture()
        let status = await ServerConsole.capturing(capture) { await StrokeTriageServer.run(arguments) }
        let (stdout, stderr) = capture.texts
        return CLIRun(status: status, stdout: stdout, stderr: stderr)
    }
}
