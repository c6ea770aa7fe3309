import Foundation
import TestScratch
#if canImport(Glibc)
import Glibc
#endif

/// The built binary running on a real pseudo-terminal (`forkpty`), driven like
/// a user at a keyboard. Every read waits with a deadline, so a hang fails the
/// test instead of hanging CI; the child is killed if it outlives the test.
final class PtySession {
    /// The bounded wait for any expected output or exit.
    static let timeout: Double = 20

    private let pid: pid_t
    private let master: Int32
    private var output: [UInt8] = []
    private var consumed = 0
    private var exitStatus: Int32?

    /// A failure: the expected text did not appear in time, or the child did not exit.
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts the binary with arguments; `STROKE_TRIAGE_HOME` is a fresh temporary folder unless given.
    init(_ arguments: [String], environment extra: [String: String] = [:], home: URL = BinaryRunner.temporaryHome()) throws {
        var env = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR"] { env[name] = nil }
        env["STROKE_TRIAGE_HOME"] = home.path
        env["TERM"] = "dumb"
        env["NO_COLOR"] = "1"  // tests that check colour pass "NO_COLOR": ""
        for (key, value) in extra { env[key] = value }
        ProcessStartLog.record("stroke-triage (pseudo-terminal)")
        // Every C string is prepared before the fork; the child only calls closefrom, execve and _exit.
        let path = BinaryRunner.binary.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var size = winsize(ws_row: 50, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        var fd: Int32 = -1
        let child = forkpty(&fd, nil, nil, &size)
        if child == 0 {
            // The test process's other descriptors (other tests' pipes, not close-on-exec) stay
            // behind: a walkthrough holding a pipe's write end would keep another test's reader
            // waiting for its end of input.
            closefrom(3)
            execve(path, argv, envp)
            _exit(127)
        }
        guard child > 0 else { throw Timeout(description: "forkpty failed: errno \(errno)") }
        pid = child
        master = fd
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Every line the terminal showed so far (the terminal ends lines with CR LF).
    var lines: [String] {
        transcript.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
    }

    /// Everything the terminal showed so far.
    var transcript: String { String(decoding: output, as: UTF8.self) }

    /// Waits until `text` appears after what earlier `expect` calls consumed; returns the output up to it.
    @discardableResult
    func expect(_ text: String, timeout: Double = PtySession.timeout) throws -> String {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = find(needle, from: consumed) {
                let seen = String(decoding: output[consumed..<range], as: UTF8.self)
                consumed = range + needle.count
                return seen
            }
            guard readSome(until: deadline) else {
                throw Timeout(description: "did not see \(text.debugDescription); transcript:\n\(transcript)")
            }
        }
    }

    /// Types a line and presses Enter.
    func send(_ line: String) {
        write(Array((line + "\r").utf8))
    }

    /// Types a control character, e.g. 3 for Ctrl-C, 4 for Ctrl-D.
    func control(_ code: UInt8) { write([code]) }

    /// Waits for the child to exit and returns its exit code (128 + signal if killed).
    func waitForExit(timeout: Double = PtySession.timeout) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            _ = readSome(until: Date().addingTimeInterval(0.05))
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                while readSome(until: Date()) {}
                let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                exitStatus = code
                return code
            }
        }
        throw Timeout(description: "the walkthrough did not exit; transcript:\n\(transcript)")
    }

    /// Whether the terminal is in canonical mode with echo (sane) now.
    var terminalIsSane: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
    }

    private func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }

    /// Reads what is available, waiting at most until the deadline. `false` on timeout or end.
    private func readSome(until deadline: Date) -> Bool {
        let remaining = max(0, Int(deadline.timeIntervalSinceNow * 1000))
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(remaining))
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
        guard n > 0 else { return false }
        output += buffer[0..<n]
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start }
        guard needle.count <= output.count - start else { return nil }
        var i = start
        while i + needle.count <= output.count {
            if output[i] == needle[0], Array(output[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }
}
