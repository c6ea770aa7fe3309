import AuditFormat
import Crypto
import Foundation
import StrokeCloud
import TriageLocalization

/// Where and as whom `audit push` sends the audit log, resolved from flags,
/// the configuration file and the environment (in that order).
///
/// Collector URL: `--collector`, config `collector`, `STROKE_TRIAGE_COLLECTOR`.
/// Device name: `--device-name`, config `device`, `STROKE_TRIAGE_DEVICE`.
/// Organisation key: config `orgPublicKey` (base64 raw X25519 key, or a file
/// holding it). Timeouts, retries and the deadline are the cloud client's
/// (`deadlineSeconds`, `maxAttempts`, …); the cloud's key pin is not applied.
public struct CollectorSettings: Sendable {
    /// The collector's base URL, without a trailing slash.
    public let baseURL: String
    /// The device name registered at the collector.
    public let device: String
    /// The organisation key data keys are wrapped to, when configured.
    public let orgKey: Curve25519.KeyAgreement.PublicKey?
    /// Transport limits, retry policy and deadline.
    public let configuration: CloudConfiguration

    /// Resolves the settings.
    /// - Parameters:
    ///   - collector: `--collector`, if given.
    ///   - device: `--device-name`, if given.
    ///   - config: the configuration file's values.
    ///   - environment: where `STROKE_TRIAGE_COLLECTOR` and `STROKE_TRIAGE_DEVICE` are read.
    ///   - transport: the cloud client's limits for the resolved URL (asked last, so setting errors come first).
    /// - Throws: `PushError` for a missing or unusable setting, else whatever `transport` throws.
    public init(collector: String?, device: String?, config: FleetConfig,
                environment: [String: String] = ProcessEnvironment.values,
                transport: (String) throws -> CloudConfiguration) throws {
        let env = { (key: String) in environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        guard var url = collector ?? config.collector ?? env("STROKE_TRIAGE_COLLECTOR"), !url.isEmpty else {
            throw PushError(.collectorMissing)
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.utf8.count <= 2048,
              !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            throw PushError(.collectorInvalid)
        }
        while url.hasSuffix("/") { url.removeLast() }
        guard let name = device ?? config.device ?? env("STROKE_TRIAGE_DEVICE"), !name.isEmpty else {
            throw PushError(.deviceMissing)
        }
        guard Self.isValidName(name) else { throw PushError(.deviceInvalid) }
        if let text = config.orgPublicKey {
            guard let key = WrappedDataKey.parseOrgPublicKey(text) else { throw PushError(.orgKeyInvalid) }
            orgKey = key
        } else {
            orgKey = nil
        }
        var c = try transport(url)
        c.pinnedPublicKey = nil
        configuration = c
        baseURL = url
        self.device = name
    }

    /// True when a collector is configured (config `collector` or `STROKE_TRIAGE_COLLECTOR`): the
    /// module commands and the walkthrough then start a background push.
    public static func isConfigured(config: FleetConfig,
                                    environment: [String: String] = ProcessEnvironment.values) -> Bool {
        !(config.collector ?? environment["STROKE_TRIAGE_COLLECTOR"] ?? "").isEmpty
    }

    /// The collector's rule for device names: 1–64 of `A–Z a–z 0–9 . _ -`.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }
}
