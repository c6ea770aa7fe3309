import Foundation
import CLITestSupport
import TestScratch

/// Runs the built `stroke-triage` binary as a user would, capturing its output.
enum BinaryRunner {
    /// The result of one run (the same type as an in-process run's).
    typealias Result = CLIRun

    /// The binary: `$STROKE_TRIAGE_BIN`, else beside the test bundle, else `.build/debug`.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["STROKE_TRIAGE_BIN"] { return URL(fileURLWithPath: path) }
        let besideBundle = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("stroke-triage")
        if FileManager.default.isExecutableFile(atPath: besideBundle.path) { return besideBundle }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/stroke-triage")
    }()

    /// The test-support writer `AuditStress` (Tests/AuditStress), built beside the binary.
    static let auditStress: URL = binary.deletingLastPathComponent().appendingPathComponent("AuditStress")

    /// Runs `AuditStress` (appends test events, printing `ack N` each) like `run` runs the binary.
    static func appendStress(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await run(arguments, environment: environment, executable: auditStress)
    }

    /// A fresh, empty state directory for one test, in the process's scratch folder (removed when the process exits).
    static func temporaryHome() -> URL { TestScratch.directory("home") }

    /// Runs the binary with arguments, optional stdin text and extra environment (`ChildProcess`:
    /// the wait never holds a thread of the cooperative pool). The state directory defaults to a
    /// fresh temporary folder.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    executable: URL = binary) async throws -> Result {
        var env = ProcessInfo.processInfo.environment
        if environment["STROKE_TRIAGE_HOME"] == nil { env["STROKE_TRIAGE_HOME"] = temporaryHome().path }
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        let output = try await ChildProcess.run(executable, arguments, environment: env, stdin: stdin.map { Data($0.utf8) })
        return Result(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }
}
