import AuditFormat
import Foundation
import PostgresNIO

extension CollectorStore {
    /// The device's signed-head state before and after a push.
    struct SignedHeadTransition: Sendable {
        let before: SignedHeadCheck.Stored
        let after: SignedHeadCheck.Stored
    }

    /// Checks the push's signed head against the device row (whose lock the caller holds).
    /// - Throws: `DeviceRefusal` (`head.unsigned`, `head.invalid`, `log.foreign`, `chain.rollback`).
    func checkSignedHead(_ request: PushRequest, device: AuthenticatedDevice,
                         on connection: PostgresConnection) async throws -> SignedHeadTransition {
        var row: (Data, String?, Int64, Int64)?
        for try await (key, logID, erased, epoch) in try await connection.query(
            "SELECT public_key, log_id, erased_keys, key_epoch FROM devices WHERE id = \(device.id)",
            logger: logger).decode((ByteBuffer, String?, Int64, Int64).self) {
            row = (Data(key.readableBytesView), logID, erased, epoch)
        }
        guard let row else { throw DeviceRefusal(device: device, refusal: .deviceSuspended) }
        let before = SignedHeadCheck.Stored(logId: row.1, erasedKeys: row.2, keyEpoch: row.3)
        let keys = try await acceptableHeadKeys(of: device, registeredKey: row.0, on: connection)
        do throws(PushRefusal) {
            let after = try SignedHeadCheck.evaluate(request, stored: before, acceptableKeys: keys)
            return SignedHeadTransition(before: before, after: after)
        } catch {
            throw DeviceRefusal(device: device, refusal: error, detail: SignedHeadCheck.describe(request, stored: before))
        }
    }

    /// Stores, in the push's transaction after its records, the device's new signed-head state, the signed head
    /// (kept as evidence and for exports), the erasures (deleting the wrapped copies) and the new wrapped keys.
    /// - Throws: `DeviceRefusal` `keys.unknown` or `request.malformed` for a wrapped key; nothing is stored then.
    func storeSignedHead(_ request: PushRequest, _ transition: SignedHeadTransition, newRecords: [AuditRecord],
                         device: AuthenticatedDevice, on connection: PostgresConnection) async throws {
        guard let signed = request.signedHead else { return }
        let id = device.id
        let state = transition.after
        if state != transition.before {
            try await connection.query("""
                UPDATE devices SET log_id = \(state.logId), erased_keys = \(state.erasedKeys), key_epoch = \(state.keyEpoch)
                WHERE id = \(id)
                """, logger: logger)
        }
        try await connection.query("""
            INSERT INTO signed_heads (device_id, sequence, chain_hash, log_id, erased_keys, key_epoch, time_ms, public_key, signature)
            VALUES (\(id), \(signed.sequence), \(request.head.hash), \(signed.logIDHex), \(signed.erasedKeys), \(signed.keyEpoch),
                    \(signed.timeMs), \(signed.publicKey), \(signed.signature))
            ON CONFLICT DO NOTHING
            """, logger: logger)
        let erased = Array(Set(request.erasedKeyIds ?? [])).sorted()
        if !erased.isEmpty {
            try await connection.query("""
                INSERT INTO erased_keys (device_id, data_key_id) SELECT \(id), * FROM unnest(\(erased)::text[])
                ON CONFLICT DO NOTHING
                """, logger: logger)
            try await connection.query(
                "DELETE FROM wrapped_keys WHERE device_id = \(id) AND data_key_id = ANY(\(erased))", logger: logger)
        }
        try await storeWrappedKeys(request.wrappedKeys ?? [], newRecords: newRecords, device: device, on: connection)
    }

    /// Stores wrapped keys of the device's records, except those of erased keys (never accepted again).
    private func storeWrappedKeys(_ wrapped: [WrappedDataKey], newRecords: [AuditRecord], device: AuthenticatedDevice,
                                  on connection: PostgresConnection) async throws {
        guard !wrapped.isEmpty else { return }
        let id = device.id
        for key in wrapped {
            guard !key.dataKeyId.isEmpty, key.dataKeyId.utf8.count <= 256, key.orgKeyId.utf8.count == 64,
                  SignedHeadCheck.hex(key.orgKeyId) != nil, key.encapsulatedKey.count == 32, key.ciphertext.count == 48 else {
                throw DeviceRefusal(device: device, refusal: .malformed, detail: "malformed wrapped key")
            }
        }
        let wanted = Set(wrapped.map(\.dataKeyId))
        var known = wanted.intersection(newRecords.map(\.dataKeyId))
        let missing = Array(wanted.subtracting(known)).sorted()
        if !missing.isEmpty {
            for try await keyID in try await connection.query(
                "SELECT DISTINCT data_key_id FROM records WHERE device_id = \(id) AND data_key_id = ANY(\(missing))",
                logger: logger).decode(String.self) { known.insert(keyID) }
        }
        guard known == wanted else {
            throw DeviceRefusal(device: device, refusal: .keysUnknown,
                                detail: "\(wanted.count - known.count) wrapped key(s) name no record of the device")
        }
        var erased = Set<String>()
        for try await keyID in try await connection.query(
            "SELECT data_key_id FROM erased_keys WHERE device_id = \(id) AND data_key_id = ANY(\(Array(wanted).sorted()))",
            logger: logger).decode(String.self) { erased.insert(keyID) }
        let kept = wrapped.filter { !erased.contains($0.dataKeyId) }
        guard !kept.isEmpty else { return }
        try await connection.query("""
            INSERT INTO wrapped_keys (device_id, data_key_id, org_key_id, encapsulated_key, ciphertext)
            SELECT \(id), * FROM unnest(\(kept.map(\.dataKeyId))::text[], \(kept.map(\.orgKeyId))::text[],
                \(kept.map { ByteBuffer(bytes: $0.encapsulatedKey) })::bytea[], \(kept.map { ByteBuffer(bytes: $0.ciphertext) })::bytea[])
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }
}
