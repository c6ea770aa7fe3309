import Logging
import StrokeModels
import TriageRendering

/// What a one-shot module command (`coma`, `limited`, `full`) is run with beyond the
/// module's own inputs: the request, the front-end's settings, the handover report
/// asked for and the disclaimer flag (the pre-notification's flags are TriageFleet's).
public struct OneShotSettings: Sendable {
    /// Onset, location or place, GFAP assay.
    public var request: ModuleRequest
    /// Prediction mode, API base, deadline.
    public var prediction: PredictionSettings
    /// Output flags (the report's language is theirs).
    public var output: OutputSettings
    /// The research-use disclaimer is accepted by this run (for scripted use).
    public var acceptDisclaimer: Bool
    /// The handover report's name or path, when one is asked for.
    public var report: String?
    /// Write the report through a symbolic link.
    public var force: Bool

    /// Settings of these parts (only the request is required).
    public init(request: ModuleRequest, prediction: PredictionSettings = PredictionSettings(), output: OutputSettings = OutputSettings(),
                acceptDisclaimer: Bool = false,
                report: String? = nil, force: Bool = false) {
        self.request = request
        self.prediction = prediction
        self.output = output
        self.acceptDisclaimer = acceptDisclaimer
        self.report = report
        self.force = force
    }
}

/// A one-shot module command's work up to its result, in the order a paramedic's
/// script needs it: the disclaimer gate; the caller's `prepare` step (TriageFleet
/// prepares the pre-notification there, so a missing relay or device name is a usage
/// error before the assessment); the inputs completed and checked, and the assessment
/// (`ModuleAssessment.run`); the Markdown handover report written when asked. The
/// front-end then shows the result (and sends the pre-notification and starts the
/// background push, through TriageFleet).
///
/// ```swift
/// let settings = OneShotSettings(request: ModuleRequest(near: "Würzburg"), acceptDisclaimer: true)
/// let run = try await OneShotAssessment.run(settings, config: AppConfig.current, trail: .disabled) { () throws(ModelsError) in
///     TriageInputs(module: .coma, gfap: 500)
/// }
/// print(AssessmentSession.json(run.outcome).serialized())
/// ```
public struct OneShotAssessment: Sendable {
    /// The assessment and where it was recorded.
    public let outcome: AssessmentOutcome
    /// The absolute path of the handover report written, when one was asked for.
    public let reportPath: String?

    /// Runs the command's work up to the result.
    /// - Parameters:
    ///   - settings: the run's settings.
    ///   - config: the configuration.
    ///   - directories: where the disclaimer's acceptance and bare-named reports are kept.
    ///   - trail: the audit trail of the session.
    ///   - events: where "not recorded" warnings go.
    ///   - cloudLogger: the cloud client's logger.
    ///   - prepare: work after the disclaimer gate that must fail before the assessment (none by default).
    ///   - build: turns the front-end's values into inputs, throwing the first invalid field.
    /// - Throws: `WalkError.disclaimerNotAccepted`, the errors of `prepare` and of
    ///   `ModuleAssessment.run`, `OutputFileError` (the report); nothing is shown or sent then.
    public static func run(_ settings: OneShotSettings, config: AppConfig, directories: StateDirectories = StateDirectories(),
                           trail: AuditTrail, events: any EngineEventSink = IgnoringEventSink(),
                           cloudLogger: Logger = CloudSettings.silentLogger, prepare: () throws -> Void = {},
                           build: () throws(ModelsError) -> TriageInputs) async throws -> OneShotAssessment {
        try await DisclaimerGate(directories).require(acceptFlag: settings.acceptDisclaimer, trail: trail, events: events)
        try prepare()
        let outcome = try await ModuleAssessment.run(settings.request, prediction: settings.prediction, config: config,
                                                     output: settings.output, trail: trail, events: events,
                                                     cloudLogger: cloudLogger, build: build)
        var reportPath: String?
        if let name = settings.report {
            reportPath = try ReportFile.write(HandoverReport.markdown(outcome, localizer: settings.output.localizer), to: name,
                                              force: settings.force, directories: directories)
        }
        return OneShotAssessment(outcome: outcome, reportPath: reportPath)
    }
}
