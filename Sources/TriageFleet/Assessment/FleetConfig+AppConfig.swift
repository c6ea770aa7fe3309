import Crypto
import Foundation
import StrokeAudit
import StrokeJSON
import TriageEngine
import TriageLocalization

extension FleetConfig {
    /// The fleet's keys of the configuration file (`collector`, `device`, `orgPublicKey`, `relay`, `hospitalKeys`).
    public init(_ config: AppConfig) {
        self.init(collector: config.string("collector"), device: config.string("device"),
                  orgPublicKey: config.string("orgPublicKey"), relay: config.string("relay"),
                  hospitalKeys: config.stringMap("hospitalKeys") ?? [:])
    }
}

extension CollectorSettings {
    /// Resolves the settings from the flags, `config` and the environment; the transport limits
    /// are the cloud client's (`CloudSettings`), without the cloud's key pin, with its private CA
    /// (`caFile`: `--ca-file`, else config `caFile`, else `STROKE_TRIAGE_CA_FILE`).
    /// - Throws: `PushError` (64) for a missing or unusable setting, `CloudSettingsError` for a bad cloud limit.
    public init(collector: String?, device: String?, caFile: String? = nil, config: AppConfig,
                environment: [String: String] = ProcessEnvironment.values) throws {
        let trusted = CloudSettings.caFile(flag: caFile, config: config, environment: environment)
        try self.init(collector: collector, device: device, config: FleetConfig(config), environment: environment) { url in
            try CloudSettings(apiBase: url, deadline: nil, pin: nil, caFile: trusted, config: config, environment: [:]).configuration
        }
    }
}

extension BackgroundPush {
    /// After an assessment: spawns `audit push --quiet` for the log of `audit` when `config`
    /// (or the environment) names a collector.
    public static func start(_ audit: AuditSettings, config: AppConfig,
                             environment: [String: String] = ProcessEnvironment.values) {
        guard CollectorSettings.isConfigured(config: FleetConfig(config), environment: environment) else { return }
        start(auditDb: audit.database, keyFile: audit.keyFile)
    }
}

extension NotifySettings {
    /// True when a relay is configured at all (the walkthrough offers to send only then).
    public static func relayConfigured(flag: String?, config: AppConfig) -> Bool {
        relayURL(flag: flag, config: FleetConfig(config)) != nil
    }

    /// The device's signing key: the audit log's Ed25519 key, from the log's location for `audit`.
    public static func signingKey(_ audit: AuditSettings, config: AppConfig) throws(NotifyError) -> Curve25519.Signing.PrivateKey {
        try signingKey(AuditSetup.location(audit, config: config))
    }
}

/// Records pre-notification events in the session's audit trail; a failure becomes a
/// "not recorded" event for `events`, never a stopped notification.
public struct TrailNotificationRecorder: PreNotificationRecorder {
    /// The session's audit trail.
    public let trail: AuditTrail
    /// Where a "not recorded" warning goes.
    public let events: any EngineEventSink

    /// A recorder writing to `trail` and reporting failures to `events`.
    public init(trail: AuditTrail, events: any EngineEventSink) {
        self.trail = trail
        self.events = events
    }

    /// Records one pre-notification event (`inAssessment`: inside the assessment's records).
    public func record(_ type: AuditEventType, payload: JSONValue, inAssessment: Bool) async {
        events.notRecorded(await trail.notification(type, payload, inAssessment: inAssessment))
    }
}
