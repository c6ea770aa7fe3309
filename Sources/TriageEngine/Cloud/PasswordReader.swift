#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a password: from a terminal without echo (after a prompt on stderr),
/// or the first line of stdin when it is piped (scripts). Used by `stroke-triage
/// login` and `stroke-triage-server research-password`; the password is never echoed.
public enum PasswordReader {
    /// Whether standard input is a terminal (the password is then typed, not piped).
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    /// The password, or `nil` at end of input.
    public static func read(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine(strippingNewline: true) }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        writeToStderr(prompt)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            writeToStderr("\n")
        }
        return readLine(strippingNewline: true)
    }

    /// The password read through `nextLine` when one is given (standard input supplied by
    /// the caller, never a terminal: its first line), else as `read(prompt:)` reads it.
    public static func read(prompt: String, nextLine: (() -> String?)?) -> String? {
        guard let nextLine else { return read(prompt: prompt) }
        return nextLine()
    }

    private static func writeToStderr(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
