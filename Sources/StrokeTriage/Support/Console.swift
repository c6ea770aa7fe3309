#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TriageLocalization
import TriageRendering

/// Writes whole lines straight to the standard file descriptors (no stdio
/// buffers, so output order is exact even when the process exits early), or,
/// for a command run inside another program, into its `CommandIO` (`CommandRedirection`),
/// and reads standard input's lines: the process's own, or the redirection's (never a terminal).
enum Console {
    /// The redirection of a command run inside another program, if any.
    private static var capture: (any CommandIO)? { CommandRedirection.current }

    /// Whether `fd` is a terminal (never while captured).
    static func isTerminal(_ fd: Int32) -> Bool { capture == nil && isatty(fd) == 1 }

    /// The next line of standard input without its newline, `nil` at end of input.
    static func readLine() -> String? {
        if let capture { return capture.readLine() }
        return Swift.readLine(strippingNewline: true)
    }

    /// Inside `capturing`, a reader of the captured standard input's lines (for code
    /// outside this module, such as `PasswordReader`); `nil` for the process's own.
    static var capturedLineReader: (@Sendable () -> String?)? { capture?.lineReader }

    /// Calls `body` with the descriptors a command streams standard input from and standard output
    /// to (a batch reading or writing `-`): the process's own, or the redirection's.
    static func withStandardDescriptors<T>(_ body: (_ input: Int32, _ output: Int32) async throws -> T) async throws -> T {
        guard let capture else { return try await body(STDIN_FILENO, STDOUT_FILENO) }
        return try await capture.withStandardDescriptors(body)
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
            capture.append(bytes, error: fd == STDERR_FILENO)
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
