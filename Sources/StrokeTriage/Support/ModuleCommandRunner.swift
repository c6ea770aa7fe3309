import StrokeJSON
import ArgumentParser
import StrokeModels
import TriageRendering

/// The shared body of the one-shot module commands: disclaimer gate, input
/// checks (models.md §6), assessment, optional report, output.
enum ModuleCommandRunner {
    /// Runs one module command. `build` turns the flags into inputs, throwing
    /// the first invalid field in the order the form asks them.
    static func run(flags: AssessmentFlags, output: OutputOptions, prediction: PredictionOptions, audit: AuditOptions,
                    notify: NotifyOptions = NotifyOptions(), build: () throws(ModelsError) -> TriageInputs) async throws {
        let trail = AuditTrail.make(audit, output: output)
        try Failure.report(output) { try DisclaimerGate().require(acceptFlag: flags.acceptDisclaimer, trail: trail, output: output) }
        // --notify: settings and device key are checked before the assessment (a usage error comes first).
        let notification = notify.notify == nil ? nil : try PreNotification.prepare(notify, audit: audit, trail: trail, output: output)
        let assay = try GfapAssaySetting.resolve(flag: flags.gfapAssay, output: output)
        var inputs = try Failure.report(output) { () throws(ModelsError) -> TriageInputs in
            var inputs = try build()
            inputs.gfapAssay = assay
            if let onset = flags.onsetMinutes { inputs.onsetMinutes = try checked(.onsetMinutes, onset) }
            if let lat = flags.lat, let lon = flags.lon {
                inputs.location = Coordinate(latitude: try checked(.latitude, lat), longitude: try checked(.longitude, lon))
            }
            _ = try inputs.validate()
            return inputs
        }
        if let near = flags.near {
            // The same gazetteer and rules as `centers --near` and `route --near`.
            let place = try Failure.report(output) { try CentersEnvironment.gazetteer.resolve(near) }
            inputs.location = place.coordinate
            inputs.place = place.displayName
        }
        let outcome = try await AssessmentSession.assess(inputs, output: output, prediction: prediction, trail: trail)
        if let name = flags.report {
            let saved = try Failure.report(output) {
                try ReportFile.write(HandoverReport.markdown(outcome, localizer: output.localizer), to: name, force: flags.force)
            }
            // stderr: stdout stays the result alone (one JSON object with --json).
            Console.err(output.localizer.text("output.saved", [.text(saved)]))
        }
        if flags.explain {
            let traces = AssessmentTrace(outcome.assessment)
            if output.json, case .object(var members) = AssessmentSession.json(outcome) {
                members.append(("trace", TraceRendering.json(traces)))
                Console.out(JSONValue.object(members).serialized())
            } else {
                AssessmentSession.present(outcome, output: output)
                for line in TraceRendering.lines(traces, output.localizer) { Console.outWrapped(line) }
            }
        } else {
            AssessmentSession.present(outcome, output: output)
        }
        // After the result is on screen: the pre-notification (queued when the relay is unreachable).
        let notified = await PreNotification.afterResult(outcome, notification, options: notify, output: output)
        // The result is written: a configured fleet collector gets the new records in the background.
        if trail.lastRecorded != nil { BackgroundPush.start(audit) }
        // After the result: exit 1 when the audit log refused to record it.
        try AssessmentSession.failIfRefused(trail, output.localizer)
        if let notified { throw notified }
    }

    /// The value when the triage rules allow it for the field.
    /// - Throws: `ModelsError` naming the field, the allowed range and the value.
    static func checked(_ field: InputField, _ value: Double) throws(ModelsError) -> Double {
        if let issue = TriageRules.check(field, value).issue { throw ModelsError(issue) }
        return value
    }

    /// A whole-number input checked against the triage rules.
    static func whole(_ field: InputField, _ value: Double) throws(ModelsError) -> Int {
        Int(try checked(field, value))
    }
}
