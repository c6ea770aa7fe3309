import StrokeModels
import TriageEngine
import TriageLocalization
import TriageRendering

/// The engine's events on the console: "not recorded" warnings as one line on stderr.
struct ConsoleEvents: EngineEventSink {
    /// The language of the lines.
    let localizer: Localizer

    /// Prints the event on stderr.
    func report(_ event: EngineEvent) {
        switch event {
        case .notRecorded(let warning): Console.err("! " + localizer.text("walk.audit.notRecorded", [.message(warning)]))
        }
    }
}

extension AssessmentSession {
    /// Prints the outcome: one JSON object with `--json` (with `trace` when `explain`), else the human
    /// result followed by where it was recorded ("Recorded in the audit log as event N in:" and the
    /// database path, or that it was not), then with `explain` the traces.
    static func present(_ outcome: AssessmentOutcome, output: OutputOptions, explain: Bool = false) {
        if output.json { return Console.out(json(outcome, explain: explain).serialized()) }
        let style = TerminalStyle(output)
        let renderer = ResultRenderer(localizer: output.localizer, style: style)
        for line in renderer.lines(outcome) { Console.out(line) }
        if let event = outcome.recordedAs {
            // The path on a line of its own, unbroken, so that it can be copied.
            Console.out(output.localizer.text("walk.audit.recordedAs", [.text(String(event.sequence))]))
            Console.out(event.database)
        } else {
            for line in style.wrap("! " + output.localizer.text("walk.audit.notRecordedShort"), hangingIndent: "  ") { Console.out(style.warning(line)) }
        }
        if explain {
            for line in TraceRendering.lines(AssessmentTrace(outcome.assessment), output.localizer) { Console.outWrapped(line) }
        }
    }

    /// After the result was shown: exit 1 when the audit log refused a write to
    /// protect its evidence (e.g. a key file from before a rotation), so the
    /// refusal is never silent.
    static func failIfRefused(_ trail: AuditTrail, _ localizer: Localizer) throws {
        guard trail.refusedWrite else { return }
        Console.err("! " + localizer.text("audit.warning.refused"))
        throw ExitStatus.failure
    }

    /// Shows an audit hook's warning: the result stands, but it was not recorded.
    static func notRecorded(_ warning: Message?, _ localizer: Localizer) {
        ConsoleEvents(localizer: localizer).notRecorded(warning)
    }
}
