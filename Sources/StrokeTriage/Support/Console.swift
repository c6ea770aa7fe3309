#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TriageRendering

/// Writes whole lines straight to the standard file descriptors (no stdio
/// buffers, so output order is exact even when the process exits early).
enum Console {
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

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
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
