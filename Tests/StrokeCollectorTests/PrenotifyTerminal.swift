import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The paramedic CLI on a real pseudo-terminal (`forkpty`) for the
/// pre-notification walkthrough test, driven like a user at a keyboard (the
/// same technique as the end-to-end suite's `PtySession`). Every read has a
/// deadline; the child is killed if it outlives the test.
final class PrenotifyTerminal {
    private let pid: pid_t
    private let master: Int32
    private var output: [UInt8] = []
    private var consumed = 0
    private var exited = false

    /// Starts `executable` with `arguments` and `environment` added to this process's.
    init(_ executable: URL, _ arguments: [String], environment extra: [String: String]) throws {
        var env = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "STROKE_TRIAGE_RELAY"] { env[name] = nil }
        env["TERM"] = "dumb"
        env["NO_COLOR"] = "1"
        for (key, value) in extra { env[key] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var size = winsize(ws_row: 50, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        var fd: Int32 = -1
        let child = forkpty(&fd, nil, nil, &size)
        if child == 0 {
            execve(executable.path, argv, envp)
            _exit(127)
        }
        guard child > 0 else { throw PrenotifyHarness.Failure(description: "forkpty failed: errno \(errno)") }
        pid = child
        master = fd
    }

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Everything the terminal showed so far.
    var transcript: String { String(decoding: output, as: UTF8.self) }

    /// Waits (at most `timeout` seconds) until `text` appears after what was consumed; returns the output before it.
    @discardableResult
    func expect(_ text: String, timeout: Double = 60) throws -> String {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let start = find(needle) {
                let seen = String(decoding: output[consumed..<start], as: UTF8.self)
                consumed = start + needle.count
                return seen
            }
            guard readSome(until: deadline) else {
                throw PrenotifyHarness.Failure(description: "did not see \(text.debugDescription); transcript:\n\(transcript)")
            }
        }
    }

    /// Waits for a prompt containing `fragment` and ending with "> ", then types `reply` and Enter.
    func answer(_ fragment: String, _ reply: String) throws {
        try expect(fragment)
        try expect("> ")
        let bytes = Array((reply + "\r").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
    }

    /// Waits for the child's exit code (bounded).
    func waitForExit(timeout: Double = 60) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            _ = readSome(until: Date().addingTimeInterval(0.05))
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                while readSome(until: Date()) {}
                exited = true
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
        }
        throw PrenotifyHarness.Failure(description: "the walkthrough did not exit; transcript:\n\(transcript)")
    }

    private func readSome(until deadline: Date) -> Bool {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(max(0, Int(deadline.timeIntervalSinceNow * 1000)))) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
        guard n > 0 else { return false }
        output += buffer[0..<n]
        return true
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= output.count - consumed else { return nil }
        var i = consumed
        while i + needle.count <= output.count {
            if output[i] == needle[0], Array(output[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }
}
