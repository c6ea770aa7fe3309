import TriageLocalization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C during the walkthrough: end the line and exit 130 at once.
///
/// The walkthrough reads whole lines in canonical mode and never changes the
/// terminal's settings, so there is nothing to restore: the terminal stays sane.
enum InterruptHandler {
    /// Installs the SIGINT handler (async-signal-safe: `write` and `_exit` only); not for
    /// a command run in process by a test (`CommandRedirection`): that process keeps its own.
    static func install() {
        guard CommandRedirection.current == nil else { return }
        signal(SIGINT) { _ in
            var newline: UInt8 = 10
            _ = write(STDERR_FILENO, &newline, 1)
            _exit(130)
        }
    }
}
