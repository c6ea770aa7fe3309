import Foundation
import TestScratch

/// The built `stroke-triage-server api` on 127.0.0.1 and a free port the OS picks
/// (`--listen 127.0.0.1:0`); the port is read from its "listening on" line.
/// A watchdog kills it after `lifetime` seconds should a test never call `stop()`.
final class LocalAPIServerProcess: @unchecked Sendable {
    private let process: ChildProcess
    /// The base URL, e.g. `http://127.0.0.1:41234` (`https://…` when started with `--tls-cert/--tls-key`).
    let base: String

    private init(process: ChildProcess, base: String) {
        self.process = process
        self.base = base
    }

    /// `$STROKE_TRIAGE_SERVER_BIN`, else beside the CLI binary.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["STROKE_TRIAGE_SERVER_BIN"] { return URL(fileURLWithPath: path) }
        return BinaryRunner.binary.deletingLastPathComponent().appendingPathComponent("stroke-triage-server")
    }

    /// Starts the server with extra arguments (and extra environment) and waits (at most 120 s) for its address;
    /// it is killed after `lifetime` seconds should a test never call `stop()`.
    static func start(_ arguments: [String] = [], environment extra: [String: String] = [:], lifetime: Int = 900) async throws -> LocalAPIServerProcess {
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("STROKE_API_") { environment[key] = nil }
        for (key, value) in extra { environment[key] = value }
        let process = try ChildProcess(binary, ["api", "--listen", "127.0.0.1:0"] + arguments, environment: environment)
        Task { _ = await process.output(killingAfter: Double(lifetime)) }
        let line = try await process.await(seconds: 120, "the api's listening line") { () -> String? in
            let text = process.stdoutText
            return text.contains("\n") ? String(text.prefix { $0 != "\n" }) : nil
        }
        guard line.hasPrefix("listening on http://127.0.0.1:") || line.hasPrefix("listening on https://127.0.0.1:") else {
            process.signal(SIGKILL)
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "unexpected first line: \(line)"])
        }
        return LocalAPIServerProcess(process: process, base: String(line.dropFirst("listening on ".count)))
    }

    /// Sends SIGTERM (the server drains and exits 0) and waits (at most 120 s) for it; returns its exit status.
    func stop() async -> Int32 {
        process.signal(SIGTERM)
        return await process.output(killingAfter: 120).status
    }

    /// Ends the server (SIGTERM, then SIGKILL after 30 s) from a `defer`, where nothing can be awaited.
    func kill() { process.stop() }
}
