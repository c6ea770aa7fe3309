import Foundation
import StrokeJSON
import StrokeModels
import TriageEngine
import TriageRendering

/// The pre-notification flags of the module commands and the walkthrough, as plain values
/// (the CLI's `NotifyOptions` convert into them).
public struct NotifyFlags: Sendable, Hashable {
    /// `--notify`: the hospital to send the case to (its id at the relay).
    public var notify: String?
    /// `--relay`: the relay URL (else the configuration, else the environment).
    public var relay: String?
    /// `--device-name`: this device's name at the relay.
    public var deviceName: String?
    /// `--hospital-key`: the pinned key of the `--notify` hospital.
    public var hospitalKey: String?
    /// `--eta-minutes`: the ETA to send instead of the routing's drive time.
    public var etaMinutes: Int?
    /// `--ca-file`: a private CA the relay's certificate may chain to (else config `caFile`, else `STROKE_TRIAGE_CA_FILE`).
    public var caFile: String?

    /// Flags with these values (all optional).
    public init(notify: String? = nil, relay: String? = nil, deviceName: String? = nil, hospitalKey: String? = nil,
                etaMinutes: Int? = nil, caFile: String? = nil) {
        self.notify = notify
        self.relay = relay
        self.deviceName = deviceName
        self.hospitalKey = hospitalKey
        self.etaMinutes = etaMinutes
        self.caFile = caFile
    }
}

/// The engine's side of `PreNotification`: settings from the flags and the configuration,
/// the case from the assessment's outcome.
extension PreNotification {
    /// The settings for sending to `hospital` (its pinned key checked) and the notifier, whose
    /// device key is the audit log's signing key and whose records go to `trail`.
    public static func make(_ flags: NotifyFlags, hospital: String?, audit: AuditSettings, config: AppConfig,
                            trail: AuditTrail, events: any EngineEventSink) throws(NotifyError) -> PreNotification {
        let settings = try NotifySettings.resolve(relayFlag: flags.relay, deviceFlag: flags.deviceName,
                                                  hospitalKeyFlag: flags.hospitalKey, hospital: flags.notify,
                                                  config: FleetConfig(config))
        try checkPinnedKey(settings, hospital: hospital)
        let notifier = PreNotifier(queue: NotifyQueue(stateDirectory: StateDirectories().state),
                                   signingKey: try NotifySettings.signingKey(audit, config: config),
                                   recorder: TrailNotificationRecorder(trail: trail, events: events),
                                   caFile: CloudSettings.caFile(flag: flags.caFile, config: config))
        return PreNotification(settings: settings, notifier: notifier)
    }

    /// The pre-notification `--notify` asks for, prepared before the assessment (so a missing
    /// relay or device name, or an unreadable key, is an error before the result); `nil` without it.
    public static func prepare(_ flags: NotifyFlags, audit: AuditSettings, config: AppConfig, trail: AuditTrail,
                               events: any EngineEventSink) throws(NotifyError) -> PreNotification? {
        guard let hospital = flags.notify else { return nil }
        return try make(flags, hospital: hospital, audit: audit, config: config, trail: trail, events: events)
    }

    /// Seals and sends the outcome's case (its `--json` object) to `hospitalId`, with the ETA
    /// from the crew's position to the hospital unless `etaOverride` is given. A hospital that is no
    /// center of the dataset is located through the center the relay ties it to (`add-hospital --center`).
    public func send(_ outcome: AssessmentOutcome, to hospitalId: String, routedCenter: String? = nil, etaOverride: Int?, config: AppConfig)
        async throws(NotifyError) -> (QueuedCase, NotifyError?) {
        var destination = HospitalLocator.destination(hospitalId, config: config)
        if destination.latitude == nil, routedCenter == nil, let centerId = await notifier.relayCenter(of: hospitalId, settings: settings) {
            destination = HospitalLocator.destination(hospitalId, center: centerId, config: config)
        }
        destination.routedCenter = routedCenter
        let eta = etaOverride ?? outcome.assessment.inputs.location.flatMap {
            HospitalLocator.etaMinutes(from: $0, latitude: destination.latitude, longitude: destination.longitude, config: config)
        }
        return try await send(caseJSON: Data(AssessmentSession.json(outcome).serialized().utf8),
                              urgency: outcome.decision.urgency, to: destination, etaMinutes: eta)
    }

    /// A module command's pre-notification after its result is shown: sends the outcome's case
    /// to `flags.notify` when it was `prepared` (`make`) before the assessment, with `flags.etaMinutes`
    /// or the routing's drive time.
    /// - Returns: `nil` when no pre-notification was asked for; else the queue entry with the
    ///   delivery error (`notify.unreachable`: queued; else refused), or the error that kept the
    ///   case from being sent or queued at all.
    public static func afterResult(_ outcome: AssessmentOutcome, prepared: PreNotification?, flags: NotifyFlags,
                                   config: AppConfig) async -> Result<(QueuedCase, NotifyError?), NotifyError>? {
        guard let prepared, let requested = flags.notify else { return nil }
        do throws(NotifyError) {
            // `--notify destination` is looked up before anything is sent; delivered, the board's receipt is awaited.
            return .success(try await prepared.deliver(outcome, to: requested, etaOverride: flags.etaMinutes, config: config))
        } catch {
            return .failure(error)
        }
    }

    /// The routing decision's destination id (`routing.destination.id`), when there is one
    /// and it is a valid hospital id (the walkthrough offers to send there).
    public static func routedDestination(_ outcome: AssessmentOutcome) -> String? {
        guard case .object(let members)? = outcome.routing?.json,
              case .object(let destination)? = members.first(where: { $0.0 == "destination" })?.1,
              case .string(let id)? = destination.first(where: { $0.0 == "id" })?.1,
              HospitalID.isValid(id) else { return nil }
        return id
    }
}

extension HospitalLocator {
    /// The pre-notification's destination for a hospital id: name and location when it is a
    /// known center of `config`'s dataset, else the id alone.
    public static func destination(_ hospitalId: String, config: AppConfig) -> PreNotifier.Destination {
        destination(hospitalId, center: hospitalId, config: config)
    }

    /// The destination `hospitalId` at the dataset's center `centerId` (name and location), else the id alone.
    public static func destination(_ hospitalId: String, center centerId: String, config: AppConfig) -> PreNotifier.Destination {
        guard let center = center(centerId, config: config) else { return PreNotifier.Destination(hospitalId: hospitalId) }
        return PreNotifier.Destination(hospitalId: hospitalId, name: center.name, latitude: center.coordinate.latitude,
                                       longitude: center.coordinate.longitude)
    }
}
