import Foundation

/// One `stroke-triage-server collector serve` process on 127.0.0.1, as the
/// fleet tests and the benchmark run it: started on a free port (or the port
/// it had, after a kill), its log in a file, every wait bounded.
public final class CollectorProcess: @unchecked Sendable {
    /// The server binary.
    public let binary: URL
    /// The PostgreSQL URL it is given.
    public let database: String
    /// Where its standard error goes (one file per start: `.1`, `.2`, …).
    public let logPrefix: String
    /// Extra `serve` arguments.
    public let extraArguments: [String]
    /// The port it listens on (0 until the first start has answered).
    public private(set) var port = 0
    private var process: Process?
    private var starts = 0

    /// Describes a collector; nothing runs until `start()`.
    public init(binary: URL, database: String, logPrefix: String, extraArguments: [String] = []) {
        self.binary = binary
        self.database = database
        self.logPrefix = logPrefix
        self.extraArguments = extraArguments
    }

    /// The base URL devices push to.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The process id while it runs.
    public var pid: Int32? { process.flatMap { $0.isRunning ? $0.processIdentifier : nil } }

    /// Starts it (on its previous port after a kill) and waits up to `seconds` for its "collector listening" line.
    public func start(seconds: Int = 180) async throws {
        starts += 1
        let logPath = "\(logPrefix).\(starts)"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        let process = Process()
        process.executableURL = binary
        process.arguments = ["collector", "serve", "--database", database, "--listen", "127.0.0.1:\(port)"] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["STROKE_COLLECTOR_DATABASE"] = nil
        environment["STROKE_COLLECTOR_CONFIG"] = nil
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try? log.close()
        self.process = process
        Self.watch(process.processIdentifier)
        for _ in 0..<(seconds * 10) {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let listening = Self.port(in: text) {
                port = listening
                return
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let tail = ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").suffix(2000)
        stop(signal: SIGKILL)
        throw FleetPushError(description: "collector did not start listening: \(tail)")
    }

    /// Sends `signal` (SIGKILL by default) and waits up to `seconds` for the process to end.
    public func stop(signal: Int32 = SIGKILL, seconds: Int = 120) {
        guard let process else { return }
        if process.isRunning { kill(process.processIdentifier, signal) }
        for _ in 0..<(seconds * 10) where process.isRunning { usleep(100_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        self.process = nil
    }

    /// A shell that SIGKILLs the collector `pid` when this (test or benchmark) process ends, however it ends.
    private static func watch(_ pid: Int32) {
        let watchdog = Process()
        watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
        watchdog.arguments = ["-c", "while kill -0 \(getpid()) 2>/dev/null && kill -0 \(pid) 2>/dev/null; do sleep 1; done; "
                              + "kill -9 \(pid) 2>/dev/null; exit 0"]
        watchdog.standardInput = FileHandle.nullDevice
        watchdog.standardOutput = FileHandle.nullDevice
        watchdog.standardError = FileHandle.nullDevice
        try? watchdog.run()
    }

    /// The text of every log file so far.
    public var logText: String {
        (1...max(starts, 1)).map { (try? String(contentsOfFile: "\(logPrefix).\($0)", encoding: .utf8)) ?? "" }
            .joined(separator: "\n")
    }

    /// The port from the "collector listening" log line.
    static func port(in log: String) -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("collector listening") }),
              let range = line.range(of: "port=") else { return nil }
        return Int(line[range.upperBound...].prefix(while: \.isNumber))
    }

    /// Runs the server binary to its end (an administration command) and returns its status and output.
    /// (The benchmark's runner: the tests run programs through TestScratch's `ChildProcess`.)
    public static func run(_ binary: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for name in ["STROKE_COLLECTOR_DATABASE", "STROKE_COLLECTOR_CONFIG"] { env[name] = nil }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = ErrorBytes()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData.get(), as: UTF8.self))
    }

    /// Registers every device with `collector add-device`, at most `parallel` at a time.
    public static func register(_ devices: [FleetDevice], binary: URL, database: String, parallel: Int = 4) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, device) in devices.enumerated() {
                if index >= parallel { try await group.next() }
                group.addTask {
                    let arguments = ["collector", "add-device", "--database", database, "--name", device.name,
                                     "--public-key", device.publicKey]
                    // Off the cooperative pool: the child is waited for with blocking calls.
                    let result = try await withCheckedThrowingContinuation { continuation in
                        DispatchQueue.global().async { continuation.resume(with: Result { try run(binary, arguments) }) }
                    }
                    guard result.status == 0 else {
                        throw FleetPushError(description: "add-device \(device.name) exited \(result.status): \(result.stderr)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// Standard error's bytes, handed from the reading thread to the caller.
private final class ErrorBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
