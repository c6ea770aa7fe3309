import Foundation
import HexCodec

/// One line of `records.jsonl`: a record exactly as the device's log stores
/// it (the hash can be recomputed with `AuditLayout.recordHash`).
public struct FleetRecordLine: Codable, Sendable, Hashable {
    /// The record's sequence in the device's log.
    public let sequence: Int64
    /// Its timestamp, ms since 1970 UTC, as hashed.
    public let timestampMs: Int64
    /// The event type, as hashed.
    public let type: String
    /// The data key that sealed the payload.
    public let dataKeyId: String
    /// The sealed payload `nonce ‖ ciphertext ‖ tag`, base64.
    public let ciphertext: String
    /// The previous record's hash, hex.
    public let previousHash: String
    /// This record's hash, hex.
    public let hash: String

    /// Creates a line from its fields.
    public init(sequence: Int64, timestampMs: Int64, type: String, dataKeyId: String, ciphertext: Data,
                previousHash: Data, hash: Data) {
        self.sequence = sequence
        self.timestampMs = timestampMs
        self.type = type
        self.dataKeyId = dataKeyId
        self.ciphertext = ciphertext.base64EncodedString()
        self.previousHash = Hex.encode(previousHash)
        self.hash = Hex.encode(hash)
    }
}

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

/// One line of `heads.jsonl`: a signed head in the fields of `audit head --json`
/// (so `AuditHead(json:)` reads it and `AuditLayout.headMessage` rebuilds its message).
public struct FleetHeadLine: Codable, Sendable, Hashable {
    /// Always `stroke-triage-audit-head`.
    public var format = "stroke-triage-audit-head"
    /// Always 1.
    public var version = 1
    /// The log id, 32 hex digits.
    public let logId: String
    /// The head's sequence.
    public let sequence: Int64
    /// The head's chain hash, hex.
    public let chainHash: String
    /// Destroyed data keys when signed.
    public let erasedKeys: Int64
    /// The signing key's epoch.
    public let keyEpoch: Int64
    /// When signed, ms since 1970 UTC.
    public let timeMs: Int64
    /// The signing public key, base64.
    public let publicKey: String
    /// The Ed25519 signature, base64.
    public let signature: String

    /// Creates a head line.
    public init(logId: String, sequence: Int64, chainHash: String, erasedKeys: Int64, keyEpoch: Int64, timeMs: Int64,
                publicKey: Data, signature: Data) {
        self.logId = logId
        self.sequence = sequence
        self.chainHash = chainHash
        self.erasedKeys = erasedKeys
        self.keyEpoch = keyEpoch
        self.timeMs = timeMs
        self.publicKey = publicKey.base64EncodedString()
        self.signature = signature.base64EncodedString()
    }
}

/// One line of `wrapped-keys.jsonl`: a data key wrapped to the organisation key (HPKE).
public struct FleetWrappedKeyLine: Codable, Sendable, Hashable {
    /// The data key's id.
    public let dataKeyId: String
    /// Hex SHA-256 of the organisation public key it is wrapped to.
    public let orgKeyId: String
    /// HPKE's encapsulated key, base64.
    public let encapsulatedKey: String
    /// The sealed data key, base64.
    public let ciphertext: String

    /// Creates a line.
    public init(dataKeyId: String, orgKeyId: String, encapsulatedKey: Data, ciphertext: Data) {
        self.dataKeyId = dataKeyId
        self.orgKeyId = orgKeyId
        self.encapsulatedKey = encapsulatedKey.base64EncodedString()
        self.ciphertext = ciphertext.base64EncodedString()
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
