import StrokeModels
import TriageFleet
import TriageEngine
import TriageRendering

/// The shared body of the one-shot module commands: disclaimer gate, then the
/// engine's `ModuleAssessment` (input checks, models.md §6, and the assessment),
/// optional report, output, pre-notification, background push.
enum ModuleCommandRunner {
    /// Runs one module command. `build` turns the flags into inputs, throwing
    /// the first invalid field in the order the form asks them.
    static func run(flags: AssessmentFlags, output: OutputOptions, prediction: PredictionOptions, audit: AuditOptions,
                    notify: NotifyOptions = NotifyOptions(), build: () throws(ModelsError) -> TriageInputs) async throws {
        let config = AppConfig.current
        let events = ConsoleEvents(localizer: output.localizer)
        let trail = AuditTrail.make(audit.settings, config: AppConfig.current)
        try Failure.report(output) { try DisclaimerGate().require(acceptFlag: flags.acceptDisclaimer, trail: trail, events: events) }
        // --notify: settings and device key are checked before the assessment (a usage error comes first).
        let notification = notify.notify == nil ? nil : try PreNotification.prepare(notify, audit: audit, trail: trail, output: output)
        let inputs = try Failure.report(output) { try ModuleAssessment.inputs(flags.request, config: config, build: build) }
        let outcome = try await Failure.report(output) {
            try await AssessmentSession.assess(inputs, prediction: prediction.settings, config: config, output: output.settings,
                                               trail: trail, events: events, cloudLogger: CloudSettings.logger(verbose: output.verbose))
        }
        if let name = flags.report {
            let saved = try Failure.report(output) {
                try ReportFile.write(HandoverReport.markdown(outcome, localizer: output.localizer), to: name, force: flags.force)
            }
            // stderr: stdout stays the result alone (one JSON object with --json).
            Console.err(output.localizer.text("output.saved", [.text(saved)]))
        }
        AssessmentSession.present(outcome, output: output, explain: flags.explain)
        // After the result is on screen: the pre-notification (queued when the relay is unreachable).
        let notified = await PreNotification.afterResult(outcome, notification, options: notify, output: output)
        // The result is written: a configured fleet collector gets the new records in the background.
        if trail.lastRecorded != nil { BackgroundPush.start(audit.settings, config: AppConfig.current) }
        // After the result: exit 1 when the audit log refused to record it.
        try AssessmentSession.failIfRefused(trail, output.localizer)
        if let notified { throw notified }
    }
}
