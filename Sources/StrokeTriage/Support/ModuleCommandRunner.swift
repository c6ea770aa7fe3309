import StrokeModels
import TriageFleet
import TriageEngine
import TriageRendering

/// The shared body of the one-shot module commands: the engine's `OneShotAssessment` through
/// TriageFleet's `NotifyingOneShot` (disclaimer gate, pre-notification prepared, inputs checked,
/// assessment, report),
/// then the output, the pre-notification, the background push.
enum ModuleCommandRunner {
    /// Runs one module command. `build` turns the flags into inputs, throwing
    /// the first invalid field in the order the form asks them.
    static func run(flags: AssessmentFlags, request: ModuleRequest, output: OutputOptions, prediction: PredictionOptions, audit: AuditOptions,
                    notify: NotifyOptions = NotifyOptions(), fhir: FHIROptions = FHIROptions(),
                    build: () throws(ModelsError) -> TriageInputs) async throws {
        let output = fhir.output(output)
        // The trail's log is closed before the command ends (AuditTrail.using).
        try await AuditTrail.using(audit.settings, config: AppConfig.current) { trail in
            let settings = OneShotSettings(request: request, prediction: prediction.settings, output: output.settings,
                                           acceptDisclaimer: flags.acceptDisclaimer, report: flags.report, force: flags.force)
            let notified = try await Failure.report(output) {
                try await NotifyingOneShot.run(settings, notify: notify.flags(caFile: prediction.caFile), audit: audit.settings,
                                               config: AppConfig.current, trail: trail, events: ConsoleEvents(localizer: output.localizer),
                                               cloudLogger: CloudSettings.logger(verbose: output.verbose, to: ConsoleErrorStream()), build: build)
            }
            let run = notified.assessment
            // stderr: stdout stays the result alone (one JSON object with --json).
            if let saved = run.reportPath { Console.err(output.localizer.text("output.saved", [.text(saved)])) }
            AssessmentSession.present(run.outcome, output: output, explain: flags.explain, details: flags.details, fhir: fhir)
            // After the result is on screen: the pre-notification (queued when the relay is unreachable).
            let sent = await PreNotification.afterResult(run.outcome, notified.notification, options: notify, output: output)
            // The result is written: a configured fleet collector gets the new records in the background.
            if trail.lastRecorded != nil { BackgroundPush.start(audit.settings, config: AppConfig.current) }
            // After the result: exit 1 when the audit log refused to record it.
            try AssessmentSession.failIfRefused(trail, output.localizer)
            if let sent { throw sent }
        }
    }
}
