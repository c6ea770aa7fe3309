import CaseWire
import Foundation
import StrokeModels
import TriageEngine
import TriageLocalization

/// The `notify` subcommands' work on this device's pre-notifications: the notifier
/// (the device key is the audit log's signing key; its events go to the audit trail),
/// a new ETA given in minutes or worked out from the crew's position, arrived or
/// cancelled, delivering the queue, and the list of kept cases.
///
/// Each follow-up is recorded and tried at once; the result is the queue entry and
/// the delivery error (`notify.unreachable`: queued, retried by `flush`; else refused).
/// A thrown `NotifyError` means nothing was recorded (unknown case, no device key,
/// hospital location unknown).
///
/// ```swift
/// let followUp = try NotifyFollowUp(audit: AuditSettings(), config: AppConfig.current, events: IgnoringEventSink())
/// let (entry, error) = try await followUp.updateETA(caseId, position: Coordinate(latitude: 49.8, longitude: 9.9))
/// if error == nil { await followUp.flushRemaining() }
/// ```
public struct NotifyFollowUp: Sendable {
    /// The device's notifier (queue in the state directory, device key, audit-trail recorder).
    public let notifier: PreNotifier
    /// The configuration (centers dataset and routing policy for ETAs from a position).
    public let config: AppConfig
    /// The audit trail the follow-ups are recorded in (closed by `closing`).
    private let trail: AuditTrail

    /// The notifier of this device for `audit`'s log; "not recorded" warnings go to `events`.
    /// - Throws: `NotifyError.keysUnavailable` when the audit key file cannot be read or created.
    public init(audit: AuditSettings, config: AppConfig, events: any EngineEventSink,
                environment: [String: String] = ProcessEnvironment.values) throws(NotifyError) {
        let key = try NotifySettings.signingKey(AuditSetup.location(audit, config: config, environment: environment))
        let trail = AuditTrail.make(audit, config: config, environment: environment)
        notifier = PreNotifier(queue: NotifyQueue(stateDirectory: StateDirectories(environment: environment).state), signingKey: key,
                               recorder: TrailNotificationRecorder(trail: trail, events: events),
                               caFile: CloudSettings.caFile(flag: nil, config: config, environment: environment))
        self.config = config
        self.trail = trail
    }

    /// Runs `body` with these follow-ups, then closes their audit trail (also when `body` throws), so a
    /// one-shot command leaves its log complete before it ends (`AuditTrail.close()`).
    public func closing(_ body: (NotifyFollowUp) async throws -> Void) async throws {
        try await trail.closing { try await body(self) }
    }

    /// Every pre-notification kept on this device (48 hours), for `notify status`.
    public static func kept(environment: [String: String] = ProcessEnvironment.values, clock: WallClock = .system) throws(NotifyError) -> [QueuedCase] {
        try NotifyQueue(stateDirectory: StateDirectories(environment: environment).state).all(nowMs: clock.nowMs)
    }

    /// Whole minutes from `position` to the case's hospital with the routing's drive-time model
    /// (`HospitalLocator.etaMinutes`); only the minutes ever leave the device.
    /// - Throws: `caseUnknown` for a case not kept here, `hospitalLocationUnknown` when the hospital is no known center.
    public func etaMinutes(_ caseId: String, from position: Coordinate) throws(NotifyError) -> Int {
        let kept = try notifier.queue.entry(caseId, nowMs: notifier.clock.nowMs)
        guard let minutes = HospitalLocator.etaMinutes(from: position, latitude: kept.hospitalLat, longitude: kept.hospitalLon,
                                                       config: config) else {
            throw NotifyError.hospitalLocationUnknown(kept.hospitalId)
        }
        return minutes
    }

    /// Sends a new ETA: `minutes` as given, else worked out from `position`.
    public func updateETA(_ caseId: String, minutes: Int? = nil, position: Coordinate? = nil)
        async throws(NotifyError) -> (QueuedCase, NotifyError?) {
        var eta = minutes
        if let position { eta = try etaMinutes(caseId, from: position) }
        return try await notifier.update(caseId, eta: eta)
    }

    /// Records that the patient arrived or that the case is cancelled, and sends it.
    public func changeStatus(_ caseId: String, to status: CaseStatus) async throws(NotifyError) -> (QueuedCase, NotifyError?) {
        try await notifier.update(caseId, status: status)
    }

    /// Delivers every case and follow-up still queued, in queue order.
    public func flush() async throws(NotifyError) -> [(QueuedCase, NotifyError?)] {
        try await notifier.flush()
    }

    /// After a delivered follow-up (the relay answered): sends whatever else is queued.
    /// What still fails stays queued for the next `flush`.
    public func flushRemaining() async {
        _ = try? await notifier.flush()
    }
}
