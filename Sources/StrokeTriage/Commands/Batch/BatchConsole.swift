#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TriageBatch
import TriageLocalization

/// The batch run on the terminal: one stderr line per rejected row, and a
/// progress line (rows, rows per second, time left) redrawn on stderr when it
/// is a terminal.
final class BatchConsole: BatchEventSink {
    private let localizer: Localizer
    /// Whether stderr is a terminal (else no progress line is drawn).
    let wantsProgress: Bool
    private var drawn = false

    /// A console in the localizer's language.
    init(localizer: Localizer, progressLine: Bool = Console.isTerminal(STDERR_FILENO)) {
        self.localizer = localizer
        self.wantsProgress = progressLine
    }

    func rowRejected(line: Int, reason: RowRejection) {
        Console.err(BatchText.rowRejected(line: line, reason: reason, localizer))
    }

    func progress(_ progress: BatchProgress) {
        Self.writeErr("\r\u{1B}[K" + BatchText.progress(progress, localizer))
        drawn = true
    }

    /// Clears the progress line before the summary.
    func finished() {
        guard wantsProgress, drawn else { return }
        Self.writeErr("\r\u{1B}[K")
    }

    private static func writeErr(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
