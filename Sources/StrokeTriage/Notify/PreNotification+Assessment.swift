import ArgumentParser
import Foundation
import TriageFleet
import TriageLocalization
import TriageRendering
import TriageEngine

/// The module commands' and the walkthrough's side of `PreNotification`: settings from
/// the flags, the case from the assessment's outcome, the report on the terminal.
extension PreNotification {
    /// Resolves the settings and the device key before the assessment, so a usage
    /// error (no relay, no device name, unreadable key file) comes before the result.
    static func prepare(_ options: NotifyOptions, audit: AuditOptions, trail: AuditTrail, output: OutputOptions) throws -> PreNotification {
        try Failure.report(output) { () throws(NotifyError) -> PreNotification in
            try make(options, hospital: options.notify, audit: audit, trail: trail, localizer: output.localizer)
        }
    }

    /// The settings for sending to `hospital` (its pinned key checked) and the notifier.
    static func make(_ options: NotifyOptions, hospital: String?, audit: AuditOptions, trail: AuditTrail,
                     localizer: Localizer) throws(NotifyError) -> PreNotification {
        let settings = try NotifySettings.resolve(relayFlag: options.relay, deviceFlag: options.deviceName,
                                                  hospitalKeyFlag: options.hospitalKey, hospital: options.notify)
        try checkPinnedKey(settings, hospital: hospital)
        let notifier = PreNotifier(queue: NotifyQueue(stateDirectory: StateDirectories().state),
                                   signingKey: try NotifySettings.signingKey(audit),
                                   recorder: TrailNotificationRecorder(trail: trail, localizer: localizer))
        return PreNotification(settings: settings, notifier: notifier)
    }

    /// Seals and sends the outcome's case (its `--json` object) to `hospitalId`, with the ETA
    /// from the crew's position to the hospital unless `etaOverride` is given.
    func send(_ outcome: AssessmentOutcome, to hospitalId: String, etaOverride: Int?) async throws(NotifyError)
        -> (QueuedCase, NotifyError?) {
        let destination = HospitalLocator.destination(hospitalId)
        let eta = etaOverride ?? outcome.assessment.inputs.location.flatMap {
            HospitalLocator.etaMinutes(from: $0, latitude: destination.latitude, longitude: destination.longitude)
        }
        let a = outcome.assessment
        return try await send(caseJSON: Data(AssessmentSession.json(outcome).serialized().utf8), ich: a.ich.probability,
                              lvo: a.lvo?.probability, to: destination, etaMinutes: eta)
    }

    /// Module commands: after the printed result, sends when `--notify` was given and
    /// reports on stderr (a JSON object with `--json`). Returns the exit status when not delivered.
    static func afterResult(_ outcome: AssessmentOutcome, _ prepared: PreNotification?, options: NotifyOptions,
                            output: OutputOptions) async -> ExitCode? {
        guard let prepared, let hospital = options.notify else { return nil }
        let l = output.localizer
        do {
            let (entry, error) = try await prepared.send(outcome, to: hospital, etaOverride: options.etaMinutes)
            if output.json {
                Console.err(NotifyRendering.notificationJSON(entry).serialized())
            } else {
                Console.err(NotifyRendering.outcome(entry, error, l))
            }
            return error?.exitCode
        } catch {
            return (Failure.translate(error, output) as? ExitCode) ?? ExitStatus.failure
        }
    }
}
