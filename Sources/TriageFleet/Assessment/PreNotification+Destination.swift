// `--notify destination`: the hospital the relay has registered for the routed stroke center.

import TriageEngine
import TriageRendering

extension PreNotification {
    /// The word `--notify` takes for the routed destination's hospital (issue 45).
    public static let destinationWord = "destination"

    /// The relay id of the hospital to notify: `requested` as given, or for `destination` the one hospital
    /// the relay has registered for the routing's destination center (`relay add-hospital --center`, or
    /// registered under the center's own id).
    /// - Throws: `noDestination` without a routed destination; `destinationNotRegistered` or
    ///   `destinationAmbiguous` when none or several are registered. When the relay cannot be reached, the
    ///   center's id with `routedCenter` set: the case is queued and the hospital looked up on delivery.
    public func hospital(for requested: String, outcome: AssessmentOutcome) async throws(NotifyError) -> (id: String, routedCenter: String?) {
        guard requested == Self.destinationWord else { return (requested, nil) }
        guard let center = Self.routedDestination(outcome) else { throw .noDestination }
        // Relay unreachable: queued under the center's id, the hospital looked up on delivery.
        guard let id = try await notifier.registeredHospital(center: center, settings: settings) else { return (center, center) }
        return (id, nil)
    }
}

extension PreNotification {
    /// Sends the outcome's case to `requested` (a relay id, or `destination`: the hospital registered for the
    /// routed center), then, once delivered, waits a few seconds for the board's receipt (issue 45). The one
    /// path of the one-shot `--notify` and the walkthrough's offer.
    public func deliver(_ outcome: AssessmentOutcome, to requested: String, etaOverride: Int?, config: AppConfig)
        async throws(NotifyError) -> (QueuedCase, NotifyError?) {
        let hospital = try await hospital(for: requested, outcome: outcome)
        var (entry, error) = try await send(outcome, to: hospital.id, routedCenter: hospital.routedCenter, etaOverride: etaOverride,
                                            config: config)
        if error == nil { entry = await notifier.awaitReceipt(entry) }
        return (entry, error)
    }
}

extension PreNotifier {
    /// The one hospital the relay has registered for the dataset's center `center`, or `nil` when the relay
    /// cannot be reached (the case is then queued and the lookup made on delivery).
    public func registeredHospital(center: String, settings: NotifySettings) async throws(NotifyError) -> String? {
        let relay = RelayClient(relay: settings.relay, device: settings.device, key: signingKey, caFile: caFile, clock: clock)
        do throws(NotifyError) {
            return try await Self.registeredHospital(center: center, relay: relay)
        } catch where error.isQueued {
            return nil
        }
    }

    /// The one hospital `relay` has registered for `center`. A relay that predates the lookup (404) leaves
    /// the center's own id, the convention before it.
    static func registeredHospital(center: String, relay: RelayClient) async throws(NotifyError) -> String {
        let ids: [String]
        do throws(NotifyError) {
            ids = try await relay.hospitals(forCenter: center)
        } catch where error.httpStatus == 404 {
            return center
        }
        switch ids.count {
        case 0: throw .destinationNotRegistered(center)
        case 1: return ids[0]
        default: throw .destinationAmbiguous(ids.joined(separator: ", "))
        }
    }
}
