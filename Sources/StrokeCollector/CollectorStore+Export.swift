import AuditFormat
import FleetExport
import Foundation
import PostgresNIO
import PostgresServerKit
import StrokeJSON

extension CollectorStore {
    /// What a fleet export holds for each live device (or the one named), read in one
    /// REPEATABLE READ snapshot so the devices and their chains are consistent.
    /// - Throws: `CollectorError.deviceUnknown` when `deviceName` names no live device.
    public func exportContent(range: FleetExportRange, deviceName: String?) async throws -> [FleetDeviceContent] {
        try await transaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: self.logger)
            var devices: [(Int64, String, String?, Int64, Data)] = []
            for try await (id, name, logID, sequence, hash) in try await connection.query("""
                SELECT id, name, log_id, head_sequence, head_hash FROM devices
                WHERE status <> 'removed' AND (\(deviceName)::text IS NULL OR name = \(deviceName)) ORDER BY name
                """, logger: self.logger).decode((Int64, String, String?, Int64, ByteBuffer).self) {
                devices.append((id, name, logID, sequence, Data(hash.readableBytesView)))
            }
            if let deviceName, devices.isEmpty { throw CollectorError.deviceUnknown(deviceName) }
            var out: [FleetDeviceContent] = []
            for (id, name, logID, storedSequence, storedHash) in devices {
                out.append(try await self.exportDevice(id: id, name: name, logID: logID, storedHead: (storedSequence, storedHash),
                                                       range: range, on: connection))
            }
            return out
        }
    }

    private func exportDevice(id: Int64, name: String, logID: String?, storedHead: (Int64, Data), range: FleetExportRange,
                              on connection: PostgresConnection) async throws -> FleetDeviceContent {
        var heads: [AuditHead] = []
        var latest: (Int64, Data)?
        for try await (sequence, hash, log, erased, epoch, time, key, signature) in try await connection.query("""
            SELECT sequence, chain_hash, log_id, erased_keys, key_epoch, time_ms, public_key, signature FROM signed_heads
            WHERE device_id = \(id) ORDER BY sequence, erased_keys, key_epoch, time_ms, signature
            """, logger: logger).decode((Int64, ByteBuffer, String, Int64, Int64, Int64, ByteBuffer, ByteBuffer).self) {
            let chainHash = Data(hash.readableBytesView)
            heads.append(AuditHead(logID: Hex.decode(log) ?? Data(), sequence: sequence, chainHash: chainHash, erasedKeys: erased,
                                   keyEpoch: epoch, timeMs: time, publicKey: Data(key.readableBytesView),
                                   signature: Data(signature.readableBytesView)))
            latest = (sequence, chainHash)
        }
        // The proven head is the latest signed head (every push since migration 2 carries one).
        let (head, headHash) = latest ?? storedHead
        var first = head + 1, last: Int64 = 0
        for try await value in try await connection.query("""
            SELECT min(sequence) FROM records WHERE device_id = \(id) AND sequence <= \(head) AND timestamp_ms >= \(range.fromMs)
            """, logger: logger).decode(Int64?.self) { first = value ?? first }
        for try await value in try await connection.query("""
            SELECT max(sequence) FROM records WHERE device_id = \(id) AND sequence <= \(head) AND timestamp_ms <= \(range.toMs)
            """, logger: logger).decode(Int64?.self) { last = value ?? last }
        let low = max(1, first - 1), high = min(head, last + 1)
        var records: [AuditRecord] = []
        for try await (sequence, time, type, keyID, ciphertext, previous, hash) in try await connection.query("""
            SELECT sequence, timestamp_ms, type, data_key_id, ciphertext, prev_hash, hash FROM records
            WHERE device_id = \(id) AND sequence BETWEEN \(low) AND \(high) ORDER BY sequence
            """, logger: logger).decode((Int64, Int64, String, String, ByteBuffer, ByteBuffer, ByteBuffer).self) {
            records.append(AuditRecord(sequence: sequence, timestampMs: time, type: type, dataKeyId: keyID,
                                       ciphertext: Data(ciphertext.readableBytesView),
                                       previousHash: Data(previous.readableBytesView), hash: Data(hash.readableBytesView)))
        }
        var links: [FleetLinkLine] = []
        for try await (sequence, previous, hash) in try await connection.query("""
            SELECT sequence, prev_hash, hash FROM records WHERE device_id = \(id) AND sequence > \(high) AND sequence <= \(head)
            ORDER BY sequence
            """, logger: logger).decode((Int64, ByteBuffer, ByteBuffer).self) {
            links.append(FleetLinkLine(sequence: sequence, previousHash: Data(previous.readableBytesView), hash: Data(hash.readableBytesView)))
        }
        let keyIDs = Array(Set(records.filter { $0.sequence >= first && $0.sequence <= last }.map(\.dataKeyId))).sorted()
        var wrapped: [WrappedDataKey] = []
        var erased: [String] = []
        if !keyIDs.isEmpty {
            for try await (keyID, orgKeyID, encapsulated, ciphertext) in try await connection.query("""
                SELECT data_key_id, org_key_id, encapsulated_key, ciphertext FROM wrapped_keys
                WHERE device_id = \(id) AND data_key_id = ANY(\(keyIDs)) ORDER BY data_key_id, org_key_id
                """, logger: logger).decode((String, String, ByteBuffer, ByteBuffer).self) {
                wrapped.append(WrappedDataKey(dataKeyId: keyID, orgKeyId: orgKeyID, encapsulatedKey: Data(encapsulated.readableBytesView),
                                                   ciphertext: Data(ciphertext.readableBytesView)))
            }
            for try await keyID in try await connection.query(
                "SELECT data_key_id FROM erased_keys WHERE device_id = \(id) AND data_key_id = ANY(\(keyIDs)) ORDER BY data_key_id",
                logger: logger).decode(String.self) { erased.append(keyID) }
        }
        return FleetDeviceContent(name: name, logId: logID, rangeFirstSequence: first, rangeLastSequence: last, headSequence: head,
                                  headHash: headHash, records: records, links: links, heads: heads, wrappedKeys: wrapped,
                                  erasedKeyIds: erased)
    }

    /// Each live device's (or the named one's) Ed25519 keys: the registered key and every key that signed an accepted head.
    /// - Throws: `CollectorError.deviceUnknown` when `deviceName` names no live device.
    public func devicePublicKeys(deviceName: String?) async throws -> [String: [Data]] {
        try await transaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: self.logger)
            var keys: [String: Set<Data>] = [:]
            for try await (name, key) in try await connection.query("""
                SELECT d.name, d.public_key FROM devices d
                WHERE d.status <> 'removed' AND (\(deviceName)::text IS NULL OR d.name = \(deviceName))
                UNION SELECT d.name, h.public_key FROM devices d JOIN signed_heads h ON h.device_id = d.id
                WHERE d.status <> 'removed' AND (\(deviceName)::text IS NULL OR d.name = \(deviceName))
                """, logger: self.logger).decode((String, ByteBuffer).self) {
                keys[name, default: []].insert(Data(key.readableBytesView))
            }
            if let deviceName, keys.isEmpty { throw CollectorError.deviceUnknown(deviceName) }
            return keys.mapValues { $0.sorted { $0.base64EncodedString() < $1.base64EncodedString() } }
        }
    }
}
