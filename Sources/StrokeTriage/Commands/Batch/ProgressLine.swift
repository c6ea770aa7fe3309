#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TriageLocalization

/// The progress line on a terminal's stderr: rows done, rows per second and,
/// when the input size is known, the time left. Silent when stderr is not a
/// terminal. Redrawn at most `updatesPerSecond` times a second.
final class ProgressLine {
    /// Redraws per second, at most.
    static let updatesPerSecond = 4.0
    /// Rows between looks at the clock.
    static let rowsBetweenChecks = 1024

    private let enabled: Bool
    private let totalBytes: Int?
    private let localizer: Localizer
    private let started: Double
    private var lastDraw: Double
    private var drawn = false
    private var countdown = rowsBetweenChecks

    /// Creates the line; `totalBytes` is the input size when it is a regular file.
    init(localizer: Localizer, totalBytes: Int?, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.enabled = enabled
        self.totalBytes = totalBytes
        self.localizer = localizer
        self.started = Self.now()
        self.lastDraw = started
    }

    /// Notes progress; cheap unless a redraw is due.
    @inline(__always) func tick(rows: Int, bytesRead: Int) {
        guard enabled else { return }
        countdown -= 1
        guard countdown <= 0 else { return }
        countdown = Self.rowsBetweenChecks
        let now = Self.now()
        guard now - lastDraw >= 1 / Self.updatesPerSecond else { return }
        lastDraw = now
        draw(rows: rows, bytesRead: bytesRead, elapsed: now - started)
    }

    /// Clears the line before the summary.
    func finish() {
        guard enabled, drawn else { return }
        Self.writeErr("\r\u{1B}[K")
    }

    private func draw(rows: Int, bytesRead: Int, elapsed: Double) {
        let rate = elapsed > 0 ? Double(rows) / elapsed : 0
        var text = localizer.text("batch.progress", [.text(String(rows)), .number(rate, maxFractionDigits: 0)])
        if let totalBytes, totalBytes > 0, bytesRead > 0, bytesRead <= totalBytes {
            let left = elapsed * Double(totalBytes - bytesRead) / Double(bytesRead)
            text += localizer.text("batch.progress.eta", [.number(left, maxFractionDigits: 0)])
        }
        Self.writeErr("\r\u{1B}[K" + text)
        drawn = true
    }

    private static func writeErr(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
