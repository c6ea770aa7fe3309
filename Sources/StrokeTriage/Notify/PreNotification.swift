import ArgumentParser
import CaseWire
import Foundation
import TriageLocalization
import TriageRendering
import TriageEngine

/// Sending a finished assessment to a hospital from the module commands and
/// the walkthrough. The result is always on screen first; the send comes
/// after it, in the same process, bounded by `RelayClient`'s timeouts (3 s to
/// connect, 8 s per request). When the relay cannot be reached the case stays
/// queued and the crew reads "not yet delivered" (docs/prenotify.md).
struct PreNotification: Sendable {
    /// Where and as whom to send.
    let settings: NotifySettings
    /// The notifier with the device key and the session's audit trail.
    let notifier: PreNotifier

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
        if let hospital, let pinned = settings.pinnedKeys[hospital], (try? HospitalPublicKey(pinned)) == nil {
            throw .badHospitalKey(hospital)
        }
        let notifier = PreNotifier(queue: NotifyQueue(), signingKey: try NotifySettings.signingKey(audit), trail: trail,
                                   localizer: localizer)
        return PreNotification(settings: settings, notifier: notifier)
    }

    /// Seals and sends the outcome's case to `hospitalId`, then retries older queued cases
    /// when the relay answered. Returns the case as kept and the error when not delivered.
    func send(_ outcome: AssessmentOutcome, to hospitalId: String, etaOverride: Int?) async throws(NotifyError)
        -> (QueuedCase, NotifyError?) {
        let destination = HospitalLocator.destination(hospitalId)
        let eta = etaOverride ?? outcome.assessment.inputs.location.flatMap {
            HospitalLocator.etaMinutes(from: $0, latitude: destination.latitude, longitude: destination.longitude)
        }
        let a = outcome.assessment
        let caseJSON = Data(AssessmentSession.json(outcome).serialized().utf8)
        let result = try await notifier.send(caseJSON: caseJSON, to: destination,
                                             urgency: CaseUrgency(ich: a.ich.probability, lvo: a.lvo?.probability),
                                             etaMinutes: eta, settings: settings)
        // The relay is up: older cases still queued go now (never the one just sent twice).
        if result.1 == nil { _ = try? await notifier.flush() }
        return result
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
