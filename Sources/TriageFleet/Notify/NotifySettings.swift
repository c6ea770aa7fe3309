import Crypto
import Foundation
import StrokeAudit
import TriageLocalization

/// Where and as whom this device sends pre-notifications.
///
/// Relay URL: `--relay` > config `relay` > `STROKE_TRIAGE_RELAY`. Device name:
/// `--device-name` > config `device` > `STROKE_TRIAGE_DEVICE` (the same setting
/// `audit push` uses). Pinned hospital keys: `--hospital-key` (for the
/// `--notify` hospital) > config `hospitalKeys` (`{"ID": "sthk1.…"}`).
public struct NotifySettings: Sendable {
    /// The relay's base URL, without a trailing slash.
    public let relay: String
    /// This device's name at the relay.
    public let device: String
    /// Pinned public keys by hospital id.
    public let pinnedKeys: [String: String]

    /// Settings as given (`relay` already checked).
    public init(relay: String, device: String, pinnedKeys: [String: String]) {
        self.relay = relay
        self.device = device
        self.pinnedKeys = pinnedKeys
    }

    /// Resolves the settings from the flags, the configuration file's values and the environment;
    /// throws a usage error naming what is missing. `hospitalKeyFlag` pins the key of `hospital`.
    public static func resolve(relayFlag: String?, deviceFlag: String?, hospitalKeyFlag: String? = nil, hospital: String? = nil,
                               config: FleetConfig,
                               environment: [String: String] = ProcessEnvironment.values) throws(NotifyError) -> NotifySettings {
        guard let relay = relayURL(flag: relayFlag, config: config, environment: environment) else { throw .noRelay }
        let device = nonEmpty(deviceFlag) ?? nonEmpty(config.device) ?? nonEmpty(environment["STROKE_TRIAGE_DEVICE"])
        guard let device, device.utf8.count <= 64, !device.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
        else { throw .noDevice }
        var pinned = config.hospitalKeys
        if let hospital, let flag = nonEmpty(hospitalKeyFlag) { pinned[hospital] = flag }
        return NotifySettings(relay: try checkedRelay(relay), device: device, pinnedKeys: pinned)
    }

    /// The relay URL from the flag, the configuration or the environment, if any
    /// (the walkthrough offers to send only when there is one).
    public static func relayURL(flag: String?, config: FleetConfig,
                                environment: [String: String] = ProcessEnvironment.values) -> String? {
        nonEmpty(flag) ?? nonEmpty(config.relay) ?? nonEmpty(environment["STROKE_TRIAGE_RELAY"])
    }

    /// An http(s) URL with a host and no path (requests are signed over their path from `/v1/`), without a trailing slash.
    public static func checkedRelay(_ text: String) throws(NotifyError) -> String {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil,
              url.path.isEmpty || url.path == "/" else { throw .badRelay(text) }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// The device's signing key: the audit log's Ed25519 key (`audit public-key` prints its public half).
    public static func signingKey(_ location: AuditLog.Location) throws(NotifyError) -> Curve25519.Signing.PrivateKey {
        do {
            return try AuditKeyFile.loadOrCreate(at: location.keyFile, passphrase: location.passphrase,
                                                 nowMs: location.clock.nowMs).deviceSigningKey
        } catch {
            throw .keysUnavailable(cause: "\(error)")
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
