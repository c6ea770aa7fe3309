import Logging
import StrokeModels
import TriageEngine

/// A one-shot module command (`coma`, `limited`, `full`) with its `--notify`
/// pre-notification: the engine's `OneShotAssessment` with the pre-notification
/// prepared after the disclaimer gate and before the assessment (so a missing relay
/// or device name, or an unreadable key, is an error before the result). The
/// front-end shows the result, then sends it (`PreNotification.afterResult`).
///
/// ```swift
/// let run = try await NotifyingOneShot.run(settings, notify: NotifyFlags(notify: "uk-wuerzburg"),
///                                          audit: AuditSettings(), config: AppConfig.current, trail: trail) { () throws(ModelsError) in
///     TriageInputs(module: .coma, gfap: 500)
/// }
/// print(AssessmentSession.json(run.assessment.outcome).serialized())
/// ```
public struct NotifyingOneShot: Sendable {
    /// The assessment, where it was recorded, and the handover report written.
    public let assessment: OneShotAssessment
    /// The pre-notification prepared for `--notify`, to send after the result is shown; `nil` without it.
    public let notification: PreNotification?

    /// Runs the command's work up to the result (`OneShotAssessment.run`), preparing the pre-notification.
    /// - Parameters:
    ///   - settings: the run's settings.
    ///   - notify: `--notify` and its companions; nothing is prepared without `notify.notify`.
    ///   - audit: the audit log (the pre-notification's device key is its signing key).
    ///   - config: the configuration.
    ///   - directories: where the disclaimer's acceptance and bare-named reports are kept.
    ///   - trail: the audit trail of the session.
    ///   - events: where "not recorded" warnings go.
    ///   - cloudLogger: the cloud client's logger.
    ///   - build: turns the front-end's values into inputs, throwing the first invalid field.
    /// - Throws: the errors of `OneShotAssessment.run`, `NotifyError` (preparing); nothing is shown or sent then.
    public static func run(_ settings: OneShotSettings, notify: NotifyFlags, audit: AuditSettings, config: AppConfig,
                           directories: StateDirectories = StateDirectories(), trail: AuditTrail,
                           events: any EngineEventSink = IgnoringEventSink(), cloudLogger: Logger = CloudSettings.silentLogger,
                           build: () throws(ModelsError) -> TriageInputs) async throws -> NotifyingOneShot {
        var notification: PreNotification?
        let assessment = try await OneShotAssessment.run(settings, config: config, directories: directories, trail: trail,
                                                         events: events, cloudLogger: cloudLogger, prepare: {
            notification = try PreNotification.prepare(notify, audit: audit, config: config, trail: trail, events: events)
        }, build: build)
        return NotifyingOneShot(assessment: assessment, notification: notification)
    }
}
