import Crypto
import Foundation
import StrokeAudit
import TriageEngine

/// Where and as whom this device sends pre-notifications.
///
/// Relay URL: `--relay` > config `relay` > `STROKE_TRIAGE_RELAY`. Device name:
/// `--device-name` > config `device` > `STROKE_TRIAGE_DEVICE` (the same setting
/// `audit push` uses). Pinned hospital keys: `--hospital-key` (for the
/// `--notify` hospital) > config `hospitalKeys` (`{"ID": "sthk1.…"}`).
struct NotifySettings: Sendable {
    /// The relay's base URL, without a trailing slash.
    let relay: String
    /// This device's name at the relay.
    let device: String
    /// Pinned public keys by hospital id.
    let pinnedKeys: [String: String]

    /// Resolves the settings; throws a usage error naming what is missing.
    static func resolve(relayFlag: String?, deviceFlag: String?, hospitalKeyFlag: String? = nil, hospital: String? = nil,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws(NotifyError) -> NotifySettings {
        let config = (try? AppConfig.load(StateDirectories(environment: environment))) ?? AppConfig()
        guard let relay = relayURL(flag: relayFlag, config: config, environment: environment) else { throw .noRelay }
        let device = nonEmpty(deviceFlag) ?? nonEmpty(config.string("device")) ?? nonEmpty(environment["STROKE_TRIAGE_DEVICE"])
        guard let device, device.utf8.count <= 64, !device.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
        else { throw .noDevice }
        var pinned = config.stringMap("hospitalKeys") ?? [:]
        if let hospital, let flag = nonEmpty(hospitalKeyFlag) { pinned[hospital] = flag }
        return NotifySettings(relay: try checkedRelay(relay), device: device, pinnedKeys: pinned)
    }

    /// The relay URL from the flag, the configuration or the environment, if any.
    static func relayURL(flag: String?, config: AppConfig,
                         environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        nonEmpty(flag) ?? nonEmpty(config.string("relay")) ?? nonEmpty(environment["STROKE_TRIAGE_RELAY"])
    }

    /// True when a relay is configured at all (the walkthrough offers to send only then).
    static func relayConfigured(flag: String?) -> Bool {
        relayURL(flag: flag, config: (try? AppConfig.load()) ?? AppConfig()) != nil
    }

    /// An http(s) URL with a host and no path (requests are signed over their path from `/v1/`), without a trailing slash.
    static func checkedRelay(_ text: String) throws(NotifyError) -> String {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil,
              url.path.isEmpty || url.path == "/" else { throw .badRelay(text) }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// The device's signing key: the audit log's Ed25519 key (`audit public-key` prints its public half).
    static func signingKey(_ audit: AuditOptions) throws(NotifyError) -> Curve25519.Signing.PrivateKey {
        let location = AuditSetup.location(audit)
        do {
            return try AuditKeyFile.loadOrCreate(at: location.keyFile, passphrase: location.passphrase,
                                                 nowMs: Int64(Date().timeIntervalSince1970 * 1000)).deviceSigningKey
        } catch {
            throw .keysUnavailable(cause: "\(error)")
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
