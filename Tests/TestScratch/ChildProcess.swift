import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The one way a test starts a process: a child whose output is collected on threads of
/// its own and whose end is awaited through its termination handler, so a test waiting
/// for a child never holds a thread of Swift's cooperative pool (which in-process servers
/// and other tests need). Every start is recorded (`ProcessStartLog`), so `Scripts/test`
/// can list the tests that start a process.
public final class ChildProcess: @unchecked Sendable {
    /// What a finished child left: its exit status (or 128 + signal) and its output.
    public struct Output: Sendable {
        /// The exit status, or 128 + the signal that ended the child.
        public let status: Int32
        /// Whether the child ended by a signal (`status` is then 128 + the signal).
        public let signalled: Bool
        /// Everything the child wrote to standard output.
        public let stdout: String
        /// Everything the child wrote to standard error.
        public let stderr: String
    }

    /// The arguments the child was started with.
    public let arguments: [String]
    private let process: Process
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var err: [UInt8] = []
    private var ended: Output?
    private var waiters: [CheckedContinuation<Output, Never>] = []
    private var openStreams = 2
    private var exited = false
    /// Set when the child ended but a descendant still held its output open past the grace below.
    private var outputAbandoned = false

    /// How long the output of an ended child may stay open (a descendant that inherited it):
    /// after that its process group is killed and the output taken as it stands, so no wait hangs.
    public static let outputGraceSeconds = 15.0

    /// Starts `executable` with `arguments`, `environment` (the test process's when nil), `stdin`
    /// (then closed; empty when nil) and an optional working directory. With `log`, both output
    /// streams are appended to that file instead of being collected.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                stdin: Data? = nil, directory: URL? = nil, log: URL? = nil) throws {
        let name = executable.lastPathComponent
        ProcessStartLog.record(name == "env" ? arguments.prefix(2).map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " ") : name)
        self.arguments = arguments
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
        var logHandle: FileHandle?
        if let log {
            if !FileManager.default.fileExists(atPath: log.path) { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
            let handle = try FileHandle(forWritingTo: log)
            try handle.seekToEnd()
            process.standardOutput = handle
            process.standardError = handle
            logHandle = handle
            openStreams = 0
        } else {
            process.standardOutput = outPipe
            process.standardError = errPipe
        }
        process.standardInput = inPipe
        self.process = process
        process.terminationHandler = { [weak self] _ in
            self?.finish { $0.exited = true }
            self?.abandonOutputAfterGrace()
        }
        try process.run()
        if let logHandle {
            try? logHandle.close()
        } else {
            Self.drain(outPipe.fileHandleForReading) { [weak self] bytes in self?.take(bytes, error: false) }
            Self.drain(errPipe.fileHandleForReading) { [weak self] bytes in self?.take(bytes, error: true) }
        }
        let input = inPipe.fileHandleForWriting
        Thread {
            if let stdin { try? input.write(contentsOf: stdin) }
            try? input.close()
        }.start()
    }

    deinit { if process.isRunning { kill(pid, SIGKILL) } }

    /// The child's process identifier.
    public var pid: Int32 { process.processIdentifier }

    /// Runs a child to its end and returns its output.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           stdin: Data? = nil, directory: URL? = nil) async throws -> Output {
        try await ChildProcess(executable, arguments, environment: environment, stdin: stdin, directory: directory).output()
    }

    /// Whether the child still runs (its output may still be arriving).
    public var isRunning: Bool { lock.withLock { ended == nil } }

    /// Standard output so far.
    public var stdoutText: String { lock.withLock { String(decoding: out, as: UTF8.self) } }

    /// Standard error so far.
    public var stderrText: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// Sends `signal` to the child if it still runs.
    public func signal(_ signal: Int32) { if isRunning { kill(pid, signal) } }

    /// SIGKILL to the child's whole process group (the child leads its own: Foundation starts it
    /// so), reaching what a shell line started, and to the child itself, while its output is open.
    public func killGroup() {
        guard isRunning else { return }
        killpg(pid, SIGKILL)
        kill(pid, SIGKILL)
    }

    /// Sends SIGTERM, waits (polling, at most `seconds`) for the child to end, then SIGKILL (to its
    /// process group too): for
    /// synchronous clean-up paths (a `defer`); an async test awaits `output()` instead.
    public func stop(seconds: Double = 30) { Self.stop([self], seconds: seconds) }

    /// `stop` for several children at once: SIGTERM to all, then one bounded wait, then SIGKILL.
    public static func stop(_ children: [ChildProcess], seconds: Double = 30) {
        for child in children { child.signal(SIGTERM) }
        for _ in 0..<Int(seconds * 20) where children.contains(where: \.isRunning) { usleep(50_000) }
        for child in children { child.killGroup() }
    }

    /// Awaits the child's end, killing it and its process group (SIGKILL) if it still runs after
    /// `seconds`: the bound for a child that may hang (a headless browser, a documented command line).
    public func output(killingAfter seconds: Double) async -> Output {
        let watchdog = Task { [weak self] in
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            self?.killGroup()
        }
        defer { watchdog.cancel() }
        return await output()
    }

    /// Awaits the child's end (and the end of its output).
    public func output() async -> Output {
        await withCheckedContinuation { continuation in
            let done: Output? = lock.withLock {
                if let ended { return ended }
                waiters.append(continuation)
                return nil
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// Awaits a value from `probe` (asked like `waitFor`'s, every 50 ms, bounded by `seconds`); throws
    /// `ChildProcessTimeout` when the bound is reached or the child ends without one.
    public func await<T>(seconds: Double, _ what: String, _ probe: () async throws -> T?) async throws -> T {
        do {
            return try await waitFor(timeout: .milliseconds(Int(seconds * 1000)), what) { () async throws -> T? in
                let running = isRunning
                if let value = try await probe() { return value }
                guard running else { throw ChildProcessTimeout(description: "\(what): the child ended first") }
                return nil
            }
        } catch let timeout as PollTimeout {
            throw ChildProcessTimeout(description: "\(timeout.description); stderr: \(stderrText.suffix(2_000))")
        } catch let ended as ChildProcessTimeout {
            throw ChildProcessTimeout(description: "\(ended.description); stderr: \(stderrText.suffix(2_000))")
        }
    }

    private func take(_ bytes: [UInt8]?, error: Bool) {
        guard let bytes else { return finish { $0.openStreams -= 1 } }
        lock.withLock { if error { err += bytes } else { out += bytes } }
    }

    /// Once the child has ended, gives its output `outputGraceSeconds` to close; a descendant that
    /// still holds it then is killed with the child's process group, and the output is taken as it
    /// stands (its standard error says so, so the test that waited fails instead of hanging).
    private func abandonOutputAfterGrace() {
        guard lock.withLock({ ended == nil && openStreams > 0 }) else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.outputGraceSeconds) { [weak self] in
            guard let self, self.isRunning else { return }
            self.killGroup()
            self.finish { $0.outputAbandoned = true }
        }
    }

    /// Applies `change`; once the child has exited and both streams are closed (or abandoned), resumes the waiters.
    private func finish(_ change: (ChildProcess) -> Void) {
        let (output, resumed): (Output?, [CheckedContinuation<Output, Never>]) = lock.withLock {
            change(self)
            guard ended == nil, exited, openStreams == 0 || outputAbandoned else { return (nil, []) }
            let signalled = process.terminationReason == .uncaughtSignal
            let status = signalled ? 128 + process.terminationStatus : process.terminationStatus
            let abandoned = outputAbandoned && openStreams > 0
                ? "\n[test harness: the child ended, but a process it started held its output open for \(Self.outputGraceSeconds) s; that process group was killed]\n"
                : ""
            ended = Output(status: status, signalled: signalled,
                           stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self) + abandoned)
            defer { waiters = [] }
            return (ended, waiters)
        }
        if let output { for waiter in resumed { waiter.resume(returning: output) } }
    }

    /// Reads `handle` to its end on a thread of its own, handing over each chunk, then nil.
    private static func drain(_ handle: FileHandle, _ take: @escaping @Sendable ([UInt8]?) -> Void) {
        Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                take([UInt8](chunk))
            }
            take(nil)
        }.start()
    }
}

/// A bounded wait for a child ran out.
public struct ChildProcessTimeout: Error, CustomStringConvertible {
    /// What was awaited, and the child's last standard error.
    public let description: String
}

/// Records which test starts a process: when `STROKE_TRIAGE_PROCESS_LOG` names a file, each
/// start appends one line, `<test id>\t<program>`, to it (`Scripts/test` counts the tests).
public enum ProcessStartLog {
    /// Appends the current test and `program` to the log, if one is set.
    public static func record(_ program: String) {
        guard let path = ProcessInfo.processInfo.environment["STROKE_TRIAGE_PROCESS_LOG"], !path.isEmpty else { return }
        let test = Test.current.map { "\($0.id)" } ?? "(no test)"
        let line = Array("\(test)\t\(program)\n".utf8)
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
