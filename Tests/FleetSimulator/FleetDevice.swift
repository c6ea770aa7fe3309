import AuditFormat
import Crypto
import Foundation

/// A simulated ambulance for the fleet tests and the ingest benchmark
/// (test support: never part of a shipping binary).
///
/// Everything is derived from its name and a seed, so the same device always
/// has the same Ed25519 key, log id and log: records chained with the audit
/// log's own `AuditLayout.recordHash`, with random-looking but deterministic
/// "ciphertext" (the collector never opens it). Every push body carries a
/// head signed with `AuditHead.sign`, as the paramedic CLI's log signs it.
public struct FleetDevice: Sendable {
    /// The name registered at the collector.
    public let name: String
    /// The device's audit signing key.
    public let key: Curve25519.Signing.PrivateKey
    /// The log's 16-byte identity (the same in every signed head of this device).
    public let logID: Data
    /// Bytes of sealed payload per record (nonce, ciphertext and tag).
    public let payloadBytes: Int

    /// Derives a device from its name and `seed` (same arguments, same device).
    public init(name: String, seed: String = "fleet-simulator", payloadBytes: Int = 256) {
        self.name = name
        let keySeed = Data(SHA256.hash(data: Data("\(seed)/key/\(name)".utf8)))
        self.key = try! Curve25519.Signing.PrivateKey(rawRepresentation: keySeed)
        self.logID = Data(SHA256.hash(data: Data("\(seed)/log/\(name)".utf8)).prefix(16))
        self.payloadBytes = payloadBytes
    }

    /// The public key as `stroke-triage audit public-key` prints it (base64 of the raw 32 bytes).
    public var publicKey: String { key.publicKey.rawRepresentation.base64EncodedString() }

    /// Records 1…`count` of the device's log, continuing `start` when given.
    /// A `variant` other than 0 changes every payload after `start`: a forked log.
    public func log(count: Int, variant: UInt8 = 0, from start: [AuditRecord] = []) -> [AuditRecord] {
        var records = start
        records.reserveCapacity(count)
        var previous = records.last?.hash ?? AuditLayout.genesisHash
        while records.count < count {
            let sequence = Int64(records.count + 1)
            let ciphertext = payload(sequence: sequence, variant: variant)
            let timestamp = 1_790_000_000_000 + sequence * 1000
            let type = sequence % 10 == 0 ? "assessment.input" : "assessment.result"
            let record = AuditRecord.chained(sequence: sequence, timestampMs: timestamp, type: type,
                                             dataKeyId: "dk-\(name)-\((sequence - 1) / 250)", ciphertext: ciphertext,
                                             previousHash: previous)
            records.append(record)
            previous = record.hash
        }
        return records
    }

    /// The head after `records` (sequence 0 and the genesis hash when empty).
    public static func head(after record: AuditRecord?) -> PushHead {
        record.map { PushHead(sequence: $0.sequence, hash: $0.hash) } ?? PushHead(sequence: 0, hash: AuditLayout.genesisHash)
    }

    /// This device's signed head for `head` (its log id, no erased keys, key epoch 1).
    public func signedHead(for head: PushHead, timeMs: Int64, signingKey: Curve25519.Signing.PrivateKey? = nil) -> AuditHead {
        try! AuditHead.sign(logID: logID, sequence: head.sequence, chainHash: head.hash, erasedKeys: 0,
                            keyEpoch: 1, timeMs: timeMs, with: signingKey ?? key)
    }

    /// The JSON body of a push of `records` with the device's head at `head` (default: the last record),
    /// carrying the signed head.
    public func pushBody(_ records: some Collection<AuditRecord>, head: PushHead? = nil,
                         timeMs: Int64 = FleetClock.nowMs()) -> Data {
        let head = head ?? Self.head(after: records.reversed().first)
        let request = PushRequest(records: Array(records), head: head, signedHead: signedHead(for: head, timeMs: timeMs))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try! encoder.encode(request)
    }

    /// The four signature headers for a `POST` of `body` to `path`, signed at `timestampMs` with a fresh nonce
    /// (with this device's key, or `signingKey` to forge one).
    public func signatureHeaders(path: String, body: Data, timestampMs: Int64 = FleetClock.nowMs(),
                                 nonce: String = RequestSignature.makeNonce(),
                                 signingKey: Curve25519.Signing.PrivateKey? = nil) -> [(String, String)] {
        try! RequestSignature.sign(method: "POST", path: path, body: body, device: name, timestampMs: timestampMs,
                                   nonce: nonce, key: signingKey ?? key)
    }

    /// `payloadBytes` bytes expanded from SHA-256 of the device, the sequence and the variant.
    private func payload(sequence: Int64, variant: UInt8) -> Data {
        var out = Data(capacity: payloadBytes + 32)
        var block: UInt32 = 0
        while out.count < payloadBytes {
            var input = Data("\(name)/\(sequence)/\(variant)/".utf8)
            withUnsafeBytes(of: block.bigEndian) { input.append(contentsOf: $0) }
            out.append(contentsOf: SHA256.hash(data: input))
            block += 1
        }
        return Data(out.prefix(payloadBytes))
    }
}

/// The wall clock in milliseconds since 1970 (what requests and heads are stamped with).
public enum FleetClock {
    /// Now, ms since 1970 UTC.
    public static func nowMs() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
}
