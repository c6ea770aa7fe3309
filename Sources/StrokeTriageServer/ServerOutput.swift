import Foundation
import StrokeCollector

/// The text and JSON Lines output of the administration commands (deterministic, sorted by the store).
enum ServerOutput {
    /// `NAME  STATUS  HEAD  LAST-PUSH  KEY` lines, or one JSON object per device.
    static func devices(_ devices: [DeviceInfo], json: Bool) -> [String] {
        if json {
            return devices.map { device in
                object([("name", device.name), ("status", device.status), ("headSequence", device.headSequence),
                        ("publicKey", device.publicKey), ("createdAt", iso(device.createdAt)),
                        ("lastPushAt", device.lastPushAt.map(iso) as Any? ?? NSNull())])
            }
        }
        if devices.isEmpty { return ["no devices"] }
        return devices.map { device in
            "\(device.name)\t\(device.status)\thead \(device.headSequence)\tlast push \(device.lastPushAt.map(iso) ?? "never")\tkey \(device.publicKey)"
        }
    }

    /// `TIME  DEVICE  REASON  DETAIL` lines, or one JSON object per incident.
    static func incidents(_ incidents: [Incident], json: Bool) -> [String] {
        if json {
            return incidents.map { incident in
                object([("id", incident.id), ("time", iso(incident.createdAt)), ("device", incident.deviceName),
                        ("reason", incident.reason), ("detail", incident.detail), ("verified", incident.verified)])
            }
        }
        if incidents.isEmpty { return ["no incidents"] }
        return incidents.map(\.textLine)
    }

    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    private static func object(_ pairs: [(String, Any)]) -> String {
        let dictionary = Dictionary(pairs, uniquingKeysWith: { $1 })
        let data = (try? JSONSerialization.data(withJSONObject: dictionary, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
