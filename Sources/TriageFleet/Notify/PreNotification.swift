import CaseWire
import Foundation
import StrokeModels

/// Sending a finished assessment to a hospital from the module commands and
/// the walkthrough. The result is always on screen first; the send comes
/// after it, in the same process, bounded by `RelayClient`'s timeouts (3 s to
/// connect, 8 s per request). When the relay cannot be reached the case stays
/// queued and the crew reads "not yet delivered" (docs/prenotify.md).
public struct PreNotification: Sendable {
    /// Where and as whom to send.
    public let settings: NotifySettings
    /// The notifier with the device key and the session's audit trail.
    public let notifier: PreNotifier

    /// A pre-notification with resolved settings and a notifier.
    public init(settings: NotifySettings, notifier: PreNotifier) {
        self.settings = settings
        self.notifier = notifier
    }

    /// A pre-notification whose pinned key for `hospital` (if any) is checked first.
    /// - Throws: `badHospitalKey` when the pinned key is not an `sthk1.…` key.
    public static func make(settings: NotifySettings, hospital: String?, notifier: PreNotifier) throws(NotifyError)
        -> PreNotification {
        try checkPinnedKey(settings, hospital: hospital)
        return PreNotification(settings: settings, notifier: notifier)
    }

    /// Checks the pinned key of `hospital` (if one is pinned) before anything is assessed or sent.
    /// - Throws: `badHospitalKey` when the pinned key is not an `sthk1.…` key.
    public static func checkPinnedKey(_ settings: NotifySettings, hospital: String?) throws(NotifyError) {
        if let hospital, let pinned = settings.pinnedKeys[hospital], (try? HospitalPublicKey(pinned)) == nil {
            throw .badHospitalKey(hospital)
        }
    }

    /// Seals and sends `caseJSON` (the assessment's `--json` object) to `destination`, with the
    /// urgency of its `decision`, then retries older queued cases when the relay answered.
    /// Returns the case as kept and the error when not delivered.
    public func send(caseJSON: Data, urgency: TriageUrgency, to destination: PreNotifier.Destination,
                     etaMinutes: Int?) async throws(NotifyError) -> (QueuedCase, NotifyError?) {
        let result = try await notifier.send(caseJSON: caseJSON, to: destination, urgency: urgency,
                                             etaMinutes: etaMinutes, settings: settings)
        // The relay is up: older cases still queued go now (never the one just sent twice).
        if result.1 == nil { _ = try? await notifier.flush() }
        return result
    }
}
