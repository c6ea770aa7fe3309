#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TriageRendering

/// Writes whole lines straight to the standard file descriptors (no stdio
/// buffers, so output order is exact even when the process exits early), or,
/// inside `capturing`, into a `Capture` (a command run in process by a test),
/// and reads standard input's lines: the process's own, or inside `capturing`
/// the capture's given bytes (never a terminal).
enum Console {
    /// What a command wrote while it was captured, and the standard input it reads.
    final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var out: [UInt8] = []
        private var err: [UInt8] = []
        private var input: [UInt8]
        private var inputOffset = 0

        /// A capture whose command reads `input` as its standard input (then end of input).
        init(input: [UInt8] = []) { self.input = input }

        /// What was written to stdout and stderr, as text.
        var texts: (stdout: String, stderr: String) {
            lock.withLock { (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)) }
        }

        fileprivate func append(_ bytes: [UInt8], to fd: Int32) {
            lock.withLock { if fd == STDERR_FILENO { err += bytes } else { out += bytes } }
        }

        /// The next line of the input without its line end (`\n` or `\r\n`), `nil` at its end.
        fileprivate func readLine() -> String? {
            lock.withLock {
                guard inputOffset < input.count else { return nil }
                let end = input[inputOffset...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
                var line = input[inputOffset..<end]
                inputOffset = min(end + 1, input.count)
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                return String(decoding: line, as: UTF8.self)
            }
        }

        /// The input not read yet (it is then read: end of input follows).
        func takeInput() -> [UInt8] {
            lock.withLock {
                defer { inputOffset = input.count }
                return Array(input[inputOffset...])
            }
        }

        /// Appends bytes written to the captured stdout (a batch's rows, through a pipe).
        func appendOutput(_ bytes: [UInt8]) { append(bytes, to: STDOUT_FILENO) }
    }

    @TaskLocal private static var capture: Capture?

    /// Runs `body` with everything it writes through `Console` kept in `capture`.
    static func capturing<T: Sendable>(_ capture: Capture, _ body: @Sendable () async throws -> T) async rethrows -> T {
        try await $capture.withValue(capture, operation: body)
    }

    /// The capture the current task writes into, if any.
    static var current: Capture? { capture }

    /// Whether `fd` is a terminal (never while captured).
    static func isTerminal(_ fd: Int32) -> Bool { capture == nil && isatty(fd) == 1 }

    /// The next line of standard input without its newline, `nil` at end of input.
    static func readLine() -> String? {
        if let capture { return capture.readLine() }
        return Swift.readLine(strippingNewline: true)
    }

    /// Inside `capturing`, a reader of the captured standard input's lines (for code
    /// outside this module, such as `PasswordReader`); `nil` for the process's own.
    static var capturedLineReader: (@Sendable () -> String?)? {
        guard let capture else { return nil }
        return { capture.readLine() }
    }

    /// Writes a line to stdout.
    static func out(_ text: String) { write(text + "\n", to: STDOUT_FILENO) }
    /// Writes lines to stdout, one after the other.
    static func out(lines: [String]) { for line in lines { out(line) } }
    /// Writes a line to stderr.
    static func err(_ text: String) { write(text + "\n", to: STDERR_FILENO) }
    /// Writes a human-readable line to stdout wrapped to 80 columns, keeping its indent.
    static func outWrapped(_ text: String) {
        for line in TerminalStyle(colour: false).wrapKeepingIndent(text) { out(line) }
    }
    /// Writes text to stdout without a newline (prompts).
    static func outRaw(_ text: String) { write(text, to: STDOUT_FILENO) }
    /// Writes text to stderr without a newline (prompts when stdout is kept for JSON).
    static func errRaw(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        if let capture {
            capture.append(bytes, to: fd)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
