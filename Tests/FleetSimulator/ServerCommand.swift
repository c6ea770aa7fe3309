import Foundation

/// Runs a server binary (or any program) to its end with a controlled
/// environment: the one process runner the collector, relay and fleet
/// tests share. Standard error is read while standard output is, so a
/// chatty command cannot fill a pipe and stall.
public enum ServerCommand {
    /// What a finished command left behind.
    public struct Outcome: Sendable {
        /// The exit status.
        public let status: Int32
        /// Everything written to standard output, as UTF-8.
        public let stdout: String
        /// Everything written to standard error, as UTF-8.
        public let stderr: String
    }

    /// The variables a test run never inherits: the collector's database and configuration.
    public static let collectorVariables = ["STROKE_COLLECTOR_DATABASE", "STROKE_COLLECTOR_CONFIG"]

    /// Runs `binary` with `arguments`, the caller's environment minus `unset`, plus `environment`.
    public static func run(_ binary: URL, _ arguments: [String], environment: [String: String] = [:],
                           unset: [String] = collectorVariables) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for name in unset { env[name] = nil }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = DataBox()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}

/// Bytes handed from the reading thread to the caller.
private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
