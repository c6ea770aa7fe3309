import Foundation
import PostgresNIO

extension CollectorStore {
    /// The Ed25519 keys whose signed heads the collector accepts for a device:
    /// today its registered key. The one place to extend when devices rotate
    /// or endorse keys (called under the device's row lock, in the push's transaction).
    func acceptableHeadKeys(deviceID: Int64, registeredKey: Data, on connection: PostgresConnection) async throws -> [Data] {
        [registeredKey]
    }
}
