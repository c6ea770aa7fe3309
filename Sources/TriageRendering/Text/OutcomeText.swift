import StrokeModels
import TriageLocalization

/// The full human text of a finished assessment, as a one-shot module command
/// shows it: the result (`ResultRenderer`), where it was recorded, and with
/// `explain` the traces of the local models.
///
/// Where it was recorded: "Recorded in the audit log as event N in:" followed
/// by the database path on a line of its own, unbroken, so that it can be
/// copied; or a warning that the result was not recorded. The trace lines wrap
/// at the style's width keeping their indent.
///
/// ```swift
/// let lines = OutcomeText.lines(outcome, style: TextStyle(), localizer: Localizer(language: .en), explain: true)
/// lines.forEach { print($0) }
/// ```
public enum OutcomeText {
    /// Every line to print, ready to print (wrapped, coloured when `style` says so).
    /// - Parameters:
    ///   - outcome: the assessment and where it was recorded.
    ///   - style: colour and width of the text.
    ///   - localizer: the language of the text.
    ///   - explain: whether the traces of the local models follow the result (implies `details`).
    ///   - details: every detail, or the result that fits a glance (the CLI's default) ending with `moreHint`.
    public static func lines(_ outcome: AssessmentOutcome, style: TextStyle, localizer: Localizer, explain: Bool,
                             details: Bool = true, moreHint: String = "walk.result.moreFlag") -> [String] {
        var out = ResultRenderer(localizer: localizer, style: style, details: details || explain, moreHint: moreHint).lines(outcome)
        out += recordedLines(outcome.recordedAs, style: style, localizer: localizer)
        if explain {
            out += TraceRendering.lines(AssessmentTrace(outcome.assessment), localizer).flatMap(style.wrapKeepingIndent)
            if let trace = outcome.routing?.outcomeTrace {
                out += TraceRendering.lines(trace, localizer).flatMap(style.wrapKeepingIndent)
            }
        }
        return out
    }

    /// Where the result was recorded: a line and the database path unbroken, or the "not recorded"
    /// warning (wrapped, each line in the warning colour). The event's number is not shown: a new
    /// log's first assessment is its third record (disclaimer, start, result), a number that surprises
    /// (issue 44); the audit commands (`audit verify`, `audit export`) show every record.
    public static func recordedLines(_ event: RecordedEvent?, style: TextStyle, localizer: Localizer) -> [String] {
        guard let event else {
            return style.wrap("! " + localizer.text("walk.audit.notRecordedShort"), hangingIndent: "  ").map(style.warning)
        }
        return [localizer.text("walk.audit.recordedAs"), event.database]
    }
}
