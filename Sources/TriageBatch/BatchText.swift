import StrokeModels
import TriageLocalization

/// What a batch run says to the user beside its output, in the user's language:
/// a line per rejected row (its line number and why, never its values), the
/// progress text, and the summary with the research-use disclaimer. The
/// front-end decides where the lines go (the CLI: stderr, progress redrawn in place).
///
/// ```swift
/// let l = Localizer(language: .en)
/// let (summary, seconds) = try await BatchJob(module: .lvo, format: .csv, input: "rows.csv").timedRun(events: IgnoringBatchEvents())
/// BatchText.summary(summary, seconds: seconds, l).forEach { print($0) }
/// ```
public enum BatchText {
    /// "line N: <reason>" for a rejected row.
    public static func rowRejected(line: Int, reason: RowRejection, _ l: Localizer) -> String {
        l.text("batch.row.rejected", [.text(String(line)), .message(reason.message)])
    }

    /// "N rows, R rows/s" and, when known, the estimated time left (without any terminal control).
    public static func progress(_ progress: BatchProgress, _ l: Localizer) -> String {
        var text = l.text("batch.progress", [.text(String(progress.rows)), .number(progress.rowsPerSecond, maxFractionDigits: 0)])
        if let left = progress.secondsLeft {
            text += l.text("batch.progress.eta", [.number(left, maxFractionDigits: 0)])
        }
        return text
    }

    /// The lines after the run: rows passed and rejected with the run's time in seconds
    /// (at most three decimals), then the short disclaimer.
    public static func summary(_ summary: BatchRunner.Summary, seconds: Double, _ l: Localizer) -> [String] {
        [
            l.text("batch.summary", [
                .text(String(summary.passed)), .text(String(summary.rejected)), .number(seconds, maxFractionDigits: 3),
            ]),
            l.text("disclaimer.short"),
        ]
    }
}
