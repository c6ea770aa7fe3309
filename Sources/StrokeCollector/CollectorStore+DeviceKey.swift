import AuditFormat
import Foundation
import PostgresNIO
import PostgresServerKit

extension CollectorStore {
    /// What the collector holds for an authenticated device: its stored head
    /// (sequence 0 and the zero hash before its first push).
    public func headAnswer(for device: AuthenticatedDevice) async throws -> HeadAnswer {
        let rows = try await run {
            try await self.client.query("SELECT head_sequence, head_hash, log_id FROM devices WHERE id = \(device.id)",
                                        logger: self.logger)
        }
        var head: PushHead?
        var logID: String?
        for try await (sequence, hash, log) in rows.decode((Int64, ByteBuffer, String?).self) {
            head = PushHead(sequence: sequence, hash: Data(hash.readableBytesView))
            logID = log
        }
        guard let head else { throw DeviceRefusal(device: device, refusal: .deviceUnknown) }
        return HeadAnswer(head: head, logId: logID)
    }

    /// Registers a new key for a live device (`collector update-device-key`), for a device whose key
    /// changed without an endorsement the collector can follow (a key file rotated before endorsements,
    /// a restored device). Its stored records and head stay; only the key that may push changes.
    /// - Throws: `CollectorError` `publicKeyInvalid`, `deviceUnknown`, `publicKeyInUse`.
    public func updateDeviceKey(name: String, publicKey text: String) async throws -> DeviceInfo {
        guard let key = AuditHead.publicKey(fromText: text) else { throw CollectorError.publicKeyInvalid }
        return try await transaction { connection in
            var other: String?
            for try await owner in try await connection.query(
                "SELECT name FROM devices WHERE status <> 'removed' AND public_key = \(key) AND name <> \(name)",
                logger: self.logger).decode(String.self) { other = owner }
            if let other { throw CollectorError.publicKeyInUse(other) }
            var changed = false
            for try await _ in try await connection.query("""
                UPDATE devices SET public_key = \(key), changed_at = now()
                WHERE name = \(name) AND status <> 'removed' RETURNING id
                """, logger: self.logger).decode(Int64.self) { changed = true }
            guard changed else { throw CollectorError.deviceUnknown(name) }
            self.logger.notice("device key replaced by the administrator", metadata: ["device": "\(name)"])
            return try await self.devices(on: connection, name: name).first!
        }
    }

    /// After a key rotation: registers the key that signed an accepted request,
    /// endorsed by the registered key, inside the push's transaction (the old
    /// key no longer pushes once it commits). Does nothing for a request signed
    /// by the registered key, or when the registered key changed meanwhile.
    func registerEndorsedKey(of device: AuthenticatedDevice, on connection: PostgresConnection) async throws {
        guard let key = device.endorsedKey, let registered = device.registeredKey else { return }
        try await connection.query("""
            UPDATE devices SET public_key = \(key), changed_at = now()
            WHERE id = \(device.id) AND public_key = \(registered) AND status = 'active'
            """, logger: logger)
        logger.notice("device key replaced by its endorsed successor", metadata: ["device": "\(device.name)"])
    }
}
