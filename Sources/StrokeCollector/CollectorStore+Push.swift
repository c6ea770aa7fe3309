import AuditFormat
import Foundation
import HTTPServerKit
import PostgresNIO
import PostgresServerKit

/// A refused request as `collector incidents` lists it.
public struct Incident: Sendable, Hashable {
    /// Ascending identifier (the order in which incidents were recorded).
    public let id: Int64
    /// The device's name as registered, or as claimed when the request could not be verified.
    public let deviceName: String
    /// The refusal's reason, e.g. `chain.fork`.
    public let reason: String
    /// What was compared (sequences, heads); never patient data.
    public let detail: String
    /// True when the request's signature verified (the device itself sent it).
    public let verified: Bool
    /// When it was recorded.
    public let createdAt: Date
}

/// A device whose request signature verified.
public struct AuthenticatedDevice: Sendable, Hashable {
    /// Its row id.
    public let id: Int64
    /// Its name.
    public let name: String
    /// The key that signed the request when it is not the registered one but endorsed by it (after a key rotation).
    public var endorsedKey: Data? = nil
    /// The registered key the endorsement chain started from.
    public var registeredKey: Data? = nil
}

extension CollectorStore {
    /// The collector's nonces (`request_nonces`, per device row id), under the servers' one policy.
    static let nonces = NonceStore(table: "request_nonces", principalColumn: "device_id")

    /// Verifies a request's signature, freshness and nonce, and records the nonce.
    /// - Parameters:
    ///   - nowMs: the collector's clock, ms since 1970.
    ///   - windowSeconds: how far the request's timestamp may lie from `nowMs`.
    ///   - endorsements: the device's key endorsements (`Stroke-Key-Endorsement`): a request signed by a key
    ///     they endorse from the registered key is the device's, after a key rotation.
    /// - Throws: `PushRefusal` (`device.unknown`, `signature.invalid`, `device.suspended`,
    ///   `request.stale`, `request.replayed`), or `CollectorError` when PostgreSQL fails.
    public func authenticate(_ signature: RequestSignature, method: String, path: String, body: Data,
                             nowMs: Int64, windowSeconds: Int,
                             endorsements: [KeyEndorsement] = []) async throws -> AuthenticatedDevice {
        let name = signature.device
        let rows = try await run {
            try await self.client.query(
                "SELECT id, public_key, status FROM devices WHERE name = \(name) AND status <> 'removed'", logger: self.logger)
        }
        var found: (Int64, Data, String)?
        for try await (id, key, status) in rows.decode((Int64, ByteBuffer, String).self) {
            found = (id, Data(key.readableBytesView), status)
        }
        guard let found else { throw PushRefusal.deviceUnknown }
        let (id, key, status) = found
        let signer = KeyEndorsement.reachableKeys(from: key, chain: endorsements).first {
            signature.isValid(method: method, path: path, body: body, publicKey: $0)
        }
        guard let signer else { throw PushRefusal.signatureInvalid }
        let device = AuthenticatedDevice(id: id, name: name, endorsedKey: signer == key ? nil : signer, registeredKey: key)
        guard status == "active" else { throw DeviceRefusal(device: device, refusal: .deviceSuspended) }
        do throws(SignedRequestRefusal) {
            try NonceStore.checkWindow(signature.timestampMs, nowMs: nowMs, windowSeconds: windowSeconds)
        } catch {
            throw DeviceRefusal(device: device, refusal: .stale)
        }
        let fresh = try await transaction { connection in
            // No flush of its own: the push's commit flushes the WAL up to and past this one, so every
            // acknowledged request's nonce is durable, and one fsync per push is saved (docs/server.md).
            try await connection.query("SET LOCAL synchronous_commit = off", logger: self.logger)
            return try await Self.nonces.record(signature.nonce, timestampMs: signature.timestampMs, principal: id, nowMs: nowMs,
                                                windowSeconds: windowSeconds, on: connection, logger: self.logger)
        }
        guard fresh else { throw DeviceRefusal(device: device, refusal: .replayed) }
        return device
    }

    /// Stores a push in one transaction under the device's row lock, or refuses it.
    /// - Throws: `DeviceRefusal` (`chain.*`, `device.suspended`), or `CollectorError` when PostgreSQL fails.
    public func push(_ request: PushRequest, from device: AuthenticatedDevice) async throws -> PushAcknowledgement {
        try await transaction { connection in
            var locked: (Int64, Data, String)?
            for try await (sequence, hash, status) in try await connection.query(
                "SELECT head_sequence, head_hash, status FROM devices WHERE id = \(device.id) FOR UPDATE",
                logger: self.logger).decode((Int64, ByteBuffer, String).self) {
                locked = (sequence, Data(hash.readableBytesView), status)
            }
            guard let locked, locked.2 == "active" else { throw DeviceRefusal(device: device, refusal: .deviceSuspended) }
            let (headSequence, headHash, _) = locked
            let storedHead = PushHead(sequence: headSequence, hash: headHash)
            let signedHead = try await self.checkSignedHead(request, device: device, on: connection)
            let compare = ChainCheck.sequencesToCompare(request, storedHead: headSequence)
            var stored: [Int64: Data] = [:]
            if !compare.isEmpty {
                for try await (sequence, hash) in try await connection.query(
                    "SELECT sequence, hash FROM records WHERE device_id = \(device.id) AND sequence = ANY(\(compare))",
                    logger: self.logger).decode((Int64, ByteBuffer).self) {
                    stored[sequence] = Data(hash.readableBytesView)
                }
            }
            let outcome: ChainCheck.Outcome
            do throws(PushRefusal) {
                outcome = try ChainCheck.evaluate(request, storedHead: storedHead, storedHashes: stored)
            } catch {
                throw DeviceRefusal(device: device, refusal: error, detail: Self.describe(request, storedHead: storedHead))
            }
            let fresh = outcome.newRecords
            if !fresh.isEmpty {
                try await connection.query("""
                    INSERT INTO records (device_id, sequence, timestamp_ms, type, data_key_id, ciphertext, prev_hash, hash)
                    SELECT \(device.id), * FROM unnest(\(fresh.map(\.sequence)), \(fresh.map(\.timestampMs)),
                        \(fresh.map(\.type)), \(fresh.map(\.dataKeyId)), \(fresh.map { ByteBuffer(bytes: $0.ciphertext) }),
                        \(fresh.map { ByteBuffer(bytes: $0.previousHash) }), \(fresh.map { ByteBuffer(bytes: $0.hash) }))
                    """, logger: self.logger)
                try await connection.query("""
                    UPDATE devices SET head_sequence = \(outcome.head.sequence), head_hash = \(outcome.head.hash),
                        last_push_at = now() WHERE id = \(device.id)
                    """, logger: self.logger)
            }
            try await self.storeSignedHead(request, signedHead, newRecords: fresh, device: device, on: connection)
            try await self.registerEndorsedKey(of: device, on: connection)
            return PushAcknowledgement(accepted: fresh.count, duplicates: outcome.duplicates, head: outcome.head)
        }
    }

    /// Records a refused request as an incident (its own transaction, so it survives the refused push's rollback).
    public func recordIncident(deviceName: String, deviceID: Int64?, reason: String, detail: String, verified: Bool) async throws {
        _ = try await run {
            try await self.client.query("""
                INSERT INTO incidents (device_id, device_name, reason, detail, verified)
                VALUES (\(deviceID), \(deviceName), \(reason), \(detail), \(verified))
                """, logger: self.logger)
        }
    }

    /// The incidents, oldest first, of one device name or of all.
    public func incidents(deviceName: String? = nil) async throws -> [Incident] {
        let rows = try await run {
            try await self.client.query("""
                SELECT id, device_name, reason, detail, verified, created_at FROM incidents
                WHERE \(deviceName)::text IS NULL OR device_name = \(deviceName) ORDER BY id
                """, logger: self.logger)
        }
        var out: [Incident] = []
        for try await (id, name, reason, detail, verified, created) in rows.decode((Int64, String, String, String, Bool, Date).self) {
            out.append(Incident(id: id, deviceName: name, reason: reason, detail: detail, verified: verified, createdAt: created))
        }
        return out
    }

    /// `"stored head N; batch A–B; device head H"`: what was compared, for the incident.
    static func describe(_ request: PushRequest, storedHead: PushHead) -> String {
        let batch = request.records.isEmpty ? "empty batch"
            : "batch \(request.records.first!.sequence)–\(request.records.last!.sequence)"
        return "stored head \(storedHead.sequence); \(batch); device head \(request.head.sequence)"
    }
}

/// A refusal of a request whose device is known and whose signature verified.
public struct DeviceRefusal: Error, Sendable {
    /// The device.
    public let device: AuthenticatedDevice
    /// Why.
    public let refusal: PushRefusal
    /// What was compared, for the incident.
    public var detail: String = ""
}
