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
    /// Prints the outcome: one FHIR Bundle with `--fhir`, one JSON object with `--json` (with `trace` when `explain`), else
    /// `OutcomeText`'s lines (the result that fits a glance unless `details`, where it was
    /// recorded, with `explain` the traces).
    static func present(_ outcome: AssessmentOutcome, output: OutputOptions, explain: Bool = false, details: Bool = false,
                        moreHint: String = "walk.result.moreFlag", fhir: FHIROptions = FHIROptions()) {
        if let bundle = fhir.bundle(outcome) { return Console.out(bundle) }
        if output.json { return Console.out(json(outcome, explain: explain).serialized()) }
        for line in OutcomeText.lines(outcome, style: TerminalStyle(output), localizer: output.localizer, explain: explain,
                                      details: details, moreHint: moreHint) {
            Console.out(line)
        }
    }

    /// After the result was shown: exit 1 when the audit log refused a write to
    /// protect its evidence (e.g. a key file from before a rotation), so the
    /// refusal is never silent.
    static func failIfRefused(_ trail: AuditTrail, _ localizer: Localizer) throws {
        guard trail.refusedWrite else { return }
        Console.err("! " + localizer.text("audit.warning.refused"))
        throw ErrorCategory.failure.exitCode
    }
}
