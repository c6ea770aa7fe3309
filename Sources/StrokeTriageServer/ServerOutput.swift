import Foundation
import StrokeCollector

/// The text and JSON output of the administration commands (deterministic, sorted by the store).
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

    /// `TIME  DEVICE  REASON  DETAIL` lines, or one line holding a JSON array of the incidents (`[]` when there are none).
    static func incidents(_ incidents: [Incident], json: Bool) -> [String] {
        if json {
            let objects = incidents.map { incident in
                dictionary([("id", incident.id), ("time", iso(incident.createdAt)), ("device", incident.deviceName),
                            ("reason", incident.reason), ("detail", incident.detail), ("verified", incident.verified)])
            }
            return [jsonLine(objects)]
        }
        if incidents.isEmpty { return ["no incidents"] }
        return incidents.map(\.textLine)
    }

    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    private static func object(_ pairs: [(String, Any)]) -> String {
        jsonLine(dictionary(pairs))
    }

    private static func dictionary(_ pairs: [(String, Any)]) -> [String: Any] {
        Dictionary(pairs, uniquingKeysWith: { $1 })
    }

    /// One line of JSON (sorted keys) for an object or an array of objects.
    private static func jsonLine(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
