import Foundation

/// The built `stroke-triage-server api` on 127.0.0.1 and a free port the OS picks
/// (`--listen 127.0.0.1:0`); the port is read from its "listening on" line.
/// A watchdog kills it after `lifetime` seconds should a test never call `stop()`.
final class LocalAPIServerProcess: @unchecked Sendable {
    private let process: Process
    /// The base URL, e.g. `http://127.0.0.1:41234` (`https://…` when started with `--tls-cert/--tls-key`).
    let base: String

    private init(process: Process, base: String) {
        self.process = process
        self.base = base
    }

    /// `$STROKE_TRIAGE_SERVER_BIN`, else beside the CLI binary.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["STROKE_TRIAGE_SERVER_BIN"] { return URL(fileURLWithPath: path) }
        return BinaryRunner.binary.deletingLastPathComponent().appendingPathComponent("stroke-triage-server")
    }

    /// Starts the server with extra arguments (and extra environment) and waits (at most 120 s) for its address.
    static func start(_ arguments: [String] = [], environment extra: [String: String] = [:], lifetime: Int = 900) throws -> LocalAPIServerProcess {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["api", "--listen", "127.0.0.1:0"] + arguments
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("STROKE_API_") { environment[key] = nil }
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(lifetime)) { [process] in
            if process.isRunning { process.terminate() }
        }
        let startWatchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(120), execute: startWatchdog)
        defer { startWatchdog.cancel() }
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "server exited before listening"]) }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first,
              line.hasPrefix("listening on http://127.0.0.1:") || line.hasPrefix("listening on https://127.0.0.1:") else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "unexpected first line: \(text)"])
        }
        return LocalAPIServerProcess(process: process, base: String(line.dropFirst("listening on ".count)))
    }

    /// Sends SIGTERM (the server drains and exits 0) and waits for it; returns its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
