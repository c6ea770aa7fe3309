import StrokeJSON
import Foundation
import StrokeCloud
import StrokeModels
import TriageLocalization
import TriageRendering

/// The one code path that assesses inputs for the walkthrough and the module
/// commands: audit events, the prediction service, routing, and output.
enum AssessmentSession {
    /// Assesses validated inputs through the configured prediction service,
    /// recording the audit events; errors go through `Failure.report`.
    static func assess(_ inputs: TriageInputs, output: OutputOptions, prediction: PredictionOptions,
                       trail: AuditTrail) async throws -> AssessmentOutcome {
        let localizer = output.localizer
        notRecorded(trail.assessmentStarted(inputs.module), localizer)
        let service = try Failure.report(output) { try PredictionServiceFactory.make(prediction, output: output) }
        let assessment = try await Failure.report(output) { () async throws -> Assessment in
            do { return try await service.assess(inputs) } catch {
                // The failed assessment is audited too (`error.shown`, its code only), e.g. cloud mode's exit 69.
                if let code = shownCode(error) { notRecorded(trail.errorShown(code: code), localizer) }
                throw error
            }
        }
        let computedAt = Date()
        let predictionWarning = trail.predictionGenerated(assessment)
        notRecorded(predictionWarning, localizer)
        let recordedAs = predictionWarning == nil ? trail.lastRecorded : nil
        var routing: RoutingSummary?
        if inputs.location != nil {
            routing = RoutingAdvisor.advise(assessment, localizer: localizer)
            if let routing { notRecorded(trail.routingDecided(routing.json), localizer) }
        }
        return AssessmentOutcome(assessment: assessment, routing: routing, computedAt: computedAt, recordedAs: recordedAs)
    }

    /// Prints the outcome: one JSON object with `--json`, else the human result
    /// followed by where it was recorded ("Recorded in the audit log as event N
    /// in:" and the database path, or that it was not). `--json` prints the object alone, so that
    /// output stays byte-identical from run to run.
    static func present(_ outcome: AssessmentOutcome, output: OutputOptions) {
        if output.json { return Console.out(json(outcome).serialized()) }
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
    }

    /// The JSON form: `AssessmentJSON.assessment`, plus `routing` when there is advice.
    static func json(_ outcome: AssessmentOutcome) -> JSONValue {
        let value = AssessmentJSON.assessment(outcome.assessment)
        guard let routing = outcome.routing, case .object(var members) = value else { return value }
        members.append(("routing", routing.json))
        return .object(members)
    }

    /// The stable code of an error the assessment shows, when it is one of the prediction's own.
    static func shownCode(_ error: Error) -> String? {
        switch error {
        case let error as CloudError: error.code
        case let error as ModelsError: error.code
        default: nil
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
        guard let warning else { return }
        Console.err("! " + localizer.text("walk.audit.notRecorded", [.message(warning)]))
    }
}
