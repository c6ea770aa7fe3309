import Crypto
import Foundation
import StrokeAudit
import StrokeJSON
import TriageFleet
import TriageEngine
import TriageLocalization

extension FleetConfig {
    /// The fleet's keys of the configuration file (`collector`, `device`, `orgPublicKey`, `relay`, `hospitalKeys`).
    init(_ config: AppConfig) {
        self.init(collector: config.string("collector"), device: config.string("device"),
                  orgPublicKey: config.string("orgPublicKey"), relay: config.string("relay"),
                  hospitalKeys: config.stringMap("hospitalKeys") ?? [:])
    }

    /// The fleet's keys of the user's configuration file (checked at start-up: a broken one exits 78).
    static var current: FleetConfig { FleetConfig(UserConfig.current) }
}

extension CollectorSettings {
    /// Resolves the settings from the flags, `config` and the environment; the transport limits
    /// are the cloud client's (`CloudSettings`), without the cloud's key pin.
    /// - Throws: `PushError` (64) for a missing or unusable setting, `CloudSettingsError` for a bad cloud limit.
    init(collector: String?, device: String?, config: AppConfig) throws {
        try self.init(collector: collector, device: device, config: FleetConfig(config)) { url in
            try CloudSettings(apiBase: url, deadline: nil, pin: nil, config: config, environment: [:]).configuration
        }
    }
}

extension BackgroundPush {
    /// After an assessment: spawns `audit push --quiet` for the log of `audit` when a collector is configured.
    static func start(_ audit: AuditOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard CollectorSettings.isConfigured(config: .current, environment: environment) else { return }
        start(auditDb: audit.auditDb, keyFile: audit.keyFile)
    }
}

extension NotifySettings {
    /// Resolves the settings with this user's configuration file.
    static func resolve(relayFlag: String?, deviceFlag: String?, hospitalKeyFlag: String? = nil,
                        hospital: String? = nil) throws(NotifyError) -> NotifySettings {
        try resolve(relayFlag: relayFlag, deviceFlag: deviceFlag, hospitalKeyFlag: hospitalKeyFlag, hospital: hospital,
                    config: .current)
    }

    /// True when a relay is configured at all (the walkthrough offers to send only then).
    static func relayConfigured(flag: String?) -> Bool { relayURL(flag: flag, config: .current) != nil }

    /// The device's signing key: the audit log's Ed25519 key, from the log's location for `audit`.
    static func signingKey(_ audit: AuditOptions) throws(NotifyError) -> Curve25519.Signing.PrivateKey {
        try signingKey(AuditSetup.location(audit))
    }
}

/// Records pre-notification events in the session's audit trail; a failure becomes a
/// "not recorded" warning on stderr, never a stopped notification.
struct TrailNotificationRecorder: PreNotificationRecorder {
    /// The session's audit trail.
    let trail: AuditTrail
    /// The language of the warning.
    let localizer: Localizer

    func record(_ type: AuditEventType, payload: JSONValue, inAssessment: Bool) {
        AssessmentSession.notRecorded(trail.notification(type, payload, inAssessment: inAssessment), localizer)
    }
}
