import AuditFormat
import Foundation
import Logging
import StrokeCloud
import StrokeJSON
import StrokeModels
import TriageLocalization
import TriageRendering

/// The one code path that assesses inputs for every front-end (the walkthrough,
/// the module commands, the local API): audit events, the prediction service and routing.
///
/// It prints nothing: audit warnings go to an `EngineEventSink`, errors are thrown
/// (`CloudSettingsError`, `CloudError`, `ModelsError`), and the outcome is returned
/// for the front-end to render (`json(_:)`, `ResultRenderer`, `HandoverReport`).
///
/// ```swift
/// let config = try AppConfig.load()        // a broken file throws EngineError (the CLI's exit 78)
/// let inputs = TriageInputs(module: .coma, gfap: 350)
/// let outcome = try await AssessmentSession.assess(inputs, prediction: .offline, config: config)
/// print(AssessmentSession.json(outcome).serialized())   // exactly `stroke-triage coma --json`
/// ```
public enum AssessmentSession {
    /// Assesses validated inputs through the configured prediction service,
    /// recording the audit events in `trail` and routing when the inputs have a location.
    /// - Parameters:
    ///   - prediction: where predictions come from (`.offline` never touches the network).
    ///   - config: the configuration (cloud limits, centers dataset and policy).
    ///   - output: the language of the routing lines.
    ///   - centers: centers settings beyond the configuration (default: none).
    ///   - trail: the audit trail (default: records nothing).
    ///   - events: receives "not recorded" warnings (default: dropped).
    ///   - cloudLogger: where the cloud client logs its requests (default: nowhere; the CLI's `--verbose`: stderr).
    ///   - rules: the protocol, already loaded (the station); else `prediction.protocolFile`, config `protocol.file` or the default.
    ///   - clock: when the assessment was computed (`computedAt`: the report's and the FHIR Bundle's time).
    /// - Throws: `EngineError` for a protocol file that cannot be applied, `CloudSettingsError` for an unusable cloud setting, the prediction service's errors
    ///   (`CloudError` in cloud mode, `ModelsError`); a failed assessment is audited by its code.
    public static func assess(_ inputs: TriageInputs, prediction: PredictionSettings, config: AppConfig,
                              output: OutputSettings = OutputSettings(), centers: CentersSettings = CentersSettings(),
                              trail: AuditTrail = .disabled,
                              events: any EngineEventSink = IgnoringEventSink(),
                              cloudLogger: Logger = CloudSettings.silentLogger,
                              rules: TriageProtocol? = nil, clock: WallClock = .system) async throws -> AssessmentOutcome {
        let localizer = output.localizer
        let rules = try rules ?? ProtocolFile.resolve(prediction.protocolFile, config: config)
        events.notRecorded(await trail.assessmentStarted(inputs.module))
        let service = try PredictionServiceFactory.make(prediction, config: config, logger: cloudLogger)
        let assessment: Assessment
        do { assessment = try await service.assess(inputs) } catch {
            // The failed assessment is audited too (`error.shown`, its code only), e.g. cloud mode's exit 69.
            if let code = shownCode(error) { events.notRecorded(await trail.errorShown(code: code)) }
            throw error
        }
        let computedAt = clock.date
        // Decided once: the audit record and every rendering show this one decision.
        let decision = ClinicalDecision(assessment, rules: rules)
        let predictionWarning = await trail.predictionGenerated(assessment, decision: decision)
        events.notRecorded(predictionWarning)
        let recordedAs = predictionWarning == nil ? trail.lastRecorded : nil
        var routing: RoutingSummary?
        if inputs.location != nil {
            routing = RoutingAdvisor.advise(assessment, localizer: localizer, config: config, centers: centers, rules: rules)
            if let routing { events.notRecorded(await trail.routingDecided(routing.json)) }
        }
        return AssessmentOutcome(assessment: assessment, routing: routing, computedAt: computedAt, recordedAs: recordedAs, decision: decision)
    }

    /// The JSON form (`--json`): `AssessmentJSON.assessment`, plus `routing` when there is advice,
    /// plus `trace` with `explain` (the local models' traces, `--explain`).
    public static func json(_ outcome: AssessmentOutcome, explain: Bool = false) -> JSONValue {
        AssessmentJSON.outcome(outcome, traces: explain ? AssessmentTrace(outcome.assessment) : nil)
    }

    /// The stable code of an error the assessment shows, when it is one of the prediction's own.
    public static func shownCode(_ error: Error) -> String? {
        switch error {
        case let error as CloudError: error.code
        case let error as ModelsError: error.code
        default: nil
        }
    }
}
