import CollectorWire
import Crypto
import Foundation
import StrokeCloud
import TriageEngine

/// Where and as whom `audit push` sends the audit log, resolved from flags,
/// the configuration file and the environment (in that order).
///
/// Collector URL: `--collector`, config `collector`, `STROKE_TRIAGE_COLLECTOR`.
/// Device name: `--device-name`, config `device`, `STROKE_TRIAGE_DEVICE`.
/// Organisation key: config `orgPublicKey` (base64 raw X25519 key, or a file
/// holding it). Timeouts, retries and the deadline are the cloud client's
/// (`deadlineSeconds`, `maxAttempts`, …); the cloud's key pin is not applied.
struct CollectorSettings {
    /// The collector's base URL, without a trailing slash.
    let baseURL: String
    /// The device name registered at the collector.
    let device: String
    /// The organisation key data keys are wrapped to, when configured.
    let orgKey: Curve25519.KeyAgreement.PublicKey?
    /// Transport limits, retry policy and deadline.
    let configuration: CloudConfiguration

    /// Resolves the settings.
    /// - Throws: `PushError` (64) for a missing or unusable setting, `CloudSettingsError` for a bad cloud limit.
    init(collector: String?, device: String?, config: AppConfig,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let env = { (key: String) in environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        guard var url = collector ?? config.string("collector") ?? env("STROKE_TRIAGE_COLLECTOR"), !url.isEmpty else {
            throw PushError(.collectorMissing)
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.utf8.count <= 2048,
              !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            throw PushError(.collectorInvalid)
        }
        while url.hasSuffix("/") { url.removeLast() }
        guard let name = device ?? config.string("device") ?? env("STROKE_TRIAGE_DEVICE"), !name.isEmpty else {
            throw PushError(.deviceMissing)
        }
        guard Self.isValidName(name) else { throw PushError(.deviceInvalid) }
        if let text = config.string("orgPublicKey") {
            guard let key = WrappedDataKey.parseOrgPublicKey(text) else { throw PushError(.orgKeyInvalid) }
            orgKey = key
        } else {
            orgKey = nil
        }
        var c = try CloudSettings(apiBase: url, deadline: nil, pin: nil, config: config, environment: [:]).configuration
        c.pinnedPublicKey = nil
        configuration = c
        baseURL = url
        self.device = name
    }

    /// True when a collector is configured (config `collector` or `STROKE_TRIAGE_COLLECTOR`): the
    /// module commands and the walkthrough then start a background push.
    static func isConfigured(config: AppConfig, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(config.string("collector") ?? environment["STROKE_TRIAGE_COLLECTOR"] ?? "").isEmpty
    }

    /// The collector's rule for device names: 1–64 of `A–Z a–z 0–9 . _ -`.
    static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }
}
