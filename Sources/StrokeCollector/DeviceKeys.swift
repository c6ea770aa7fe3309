import Foundation
import PostgresNIO

extension CollectorStore {
    /// The Ed25519 keys whose signed heads the collector accepts for a device:
    /// its registered key and, after a key rotation, the key its registered key
    /// endorsed for this request (`AuthenticatedDevice.endorsedKey`, registered
    /// in the same transaction). The one place that decides; called under the
    /// device's row lock, in the push's transaction.
    func acceptableHeadKeys(of device: AuthenticatedDevice, registeredKey: Data,
                            on connection: PostgresConnection) async throws -> [Data] {
        [registeredKey] + [device.endorsedKey].compactMap { $0 }
    }
}
