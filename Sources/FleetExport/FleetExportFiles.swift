import Foundation
import StrokeJSON

// The JSON files of a device directory besides these: `records.jsonl` holds one `AuditRecord`
// and `heads.jsonl` one `AuditHead` a line, both in `AuditWireForm.export` (`FleetExportLayout.jsonLines`);
// `wrapped-keys.jsonl` one `WrappedDataKey` a line, as the push carries it.

/// One line of `links.jsonl`: a chain link without its record's content.
public struct FleetLinkLine: Codable, Sendable, Hashable {
    /// The record's sequence.
    public let sequence: Int64
    /// The previous record's hash, hex.
    public let previousHash: String
    /// The record's hash, hex.
    public let hash: String

    /// Creates a link.
    public init(sequence: Int64, previousHash: Data, hash: Data) {
        self.sequence = sequence
        self.previousHash = Hex.encode(previousHash)
        self.hash = Hex.encode(hash)
    }
}

/// A device's `manifest.json`.
public struct FleetDeviceManifest: Codable, Sendable, Hashable {
    /// Always `stroke-triage-fleet-device`.
    public var format = "stroke-triage-fleet-device"
    /// Always 1.
    public var version = 1
    /// The device's name.
    public let device: String
    /// The log id bound to the device, if it ever pushed a signed head.
    public let logId: String?
    /// The first sequence in the range (the first record with a timestamp at or after `from`).
    public let rangeFirstSequence: Int64
    /// The last sequence in the range (the last record with a timestamp at or before `to`); below the first when empty.
    public let rangeLastSequence: Int64
    /// The device's head the export proves: its latest signed head's sequence.
    public let headSequence: Int64
    /// That head's chain hash, hex.
    public let headChainHash: String
    /// Data key ids of records in the range that the device destroyed (their payloads stay sealed).
    public let erasedKeyIds: [String]
    /// Hex SHA-256 of each file of the device directory, by file name.
    public let files: [String: String]

    /// Creates a manifest.
    public init(device: String, logId: String?, rangeFirstSequence: Int64, rangeLastSequence: Int64, headSequence: Int64,
                headChainHash: String, erasedKeyIds: [String], files: [String: String]) {
        self.device = device
        self.logId = logId
        self.rangeFirstSequence = rangeFirstSequence
        self.rangeLastSequence = rangeLastSequence
        self.headSequence = headSequence
        self.headChainHash = headChainHash
        self.erasedKeyIds = erasedKeyIds
        self.files = files
    }
}

/// `fleet-manifest.json`, signed by the collector in `fleet-manifest.sig`.
public struct FleetManifest: Codable, Sendable, Hashable {
    /// One device's entry.
    public struct Device: Codable, Sendable, Hashable {
        /// Its name (also its directory under `devices/`).
        public let name: String
        /// Its log id, if bound.
        public let logId: String?
        /// Its proven head's sequence.
        public let headSequence: Int64
        /// Its proven head's chain hash, hex.
        public let headChainHash: String
        /// Hex SHA-256 of its `manifest.json`.
        public let manifestSHA256: String

        /// Creates an entry.
        public init(name: String, logId: String?, headSequence: Int64, headChainHash: String, manifestSHA256: String) {
            self.name = name
            self.logId = logId
            self.headSequence = headSequence
            self.headChainHash = headChainHash
            self.manifestSHA256 = manifestSHA256
        }
    }

    /// Always `stroke-triage-fleet-export`.
    public var format = "stroke-triage-fleet-export"
    /// Always 1.
    public var version = 1
    /// The research-use notice.
    public var notice = FleetExportLayout.notice
    /// The range's start, ms since 1970 UTC (inclusive).
    public let fromMs: Int64
    /// The range's end, ms since 1970 UTC (inclusive).
    public let toMs: Int64
    /// The collector's Ed25519 public key, base64 (the verifier trusts the public-keys file, not this).
    public let collectorPublicKey: String
    /// The devices, sorted by name.
    public let devices: [Device]

    /// Creates a manifest.
    public init(fromMs: Int64, toMs: Int64, collectorPublicKey: String, devices: [Device]) {
        self.fromMs = fromMs
        self.toMs = toMs
        self.collectorPublicKey = collectorPublicKey
        self.devices = devices
    }
}
