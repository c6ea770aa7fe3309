import CollectorWire
import Foundation
import PostgresNIO

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
