import AuditFormat
import Foundation
import PostgresServerKit
import StrokeCollector
import StrokeJSON
import StrokeRelay

/// The text and JSON output of the administration commands (deterministic, sorted by the store;
/// JSON members in alphabetical order).
enum ServerOutput {
    /// `NAME  STATUS  HEAD  LAST-PUSH  KEY` lines, or one JSON object per device.
    static func devices(_ devices: [DeviceInfo], json: Bool) -> [String] {
        if json {
            return devices.map { device in
                JSONValue.object([
                    ("createdAt", .string(UTCTime.isoSeconds(device.createdAt))), ("headSequence", .integer(Int(device.headSequence))),
                    ("lastPushAt", device.lastPushAt.map { .string(UTCTime.isoSeconds($0)) } ?? .null), ("name", .string(device.name)),
                    ("publicKey", .string(device.publicKey)), ("status", .string(device.status)),
                ]).serialized()
            }
        }
        if devices.isEmpty { return ["no devices"] }
        return devices.map { device in
            "\(device.name)\t\(device.status)\thead \(device.headSequence)\tlast push \(device.lastPushAt.map { UTCTime.isoSeconds($0) } ?? "never")\tkey \(device.publicKey)"
        }
    }

    /// `TIME  DEVICE  REASON  DETAIL` lines, or one line holding a JSON array of the incidents (`[]` when there are none).
    static func incidents(_ incidents: [Incident], json: Bool) -> [String] {
        if json {
            let objects = incidents.map { incident in
                JSONValue.object([
                    ("detail", .string(incident.detail)), ("device", .string(incident.deviceName)), ("id", .integer(Int(incident.id))),
                    ("reason", .string(incident.reason)), ("time", .string(UTCTime.isoSeconds(incident.createdAt))), ("verified", .bool(incident.verified)),
                ])
            }
            return [JSONValue.array(objects).serialized()]
        }
        if incidents.isEmpty { return ["no incidents"] }
        return incidents.map(\.textLine)
    }

    /// `ID  added TIME  key KEY` lines, or one JSON object per hospital.
    static func hospitals(_ hospitals: [HospitalInfo], json: Bool) -> [String] {
        if hospitals.isEmpty && !json { return ["no hospitals"] }
        return hospitals.map { hospital in
            let added = UTCTime.isoSeconds(hospital.createdMs)
            guard json else {
                return "\(hospital.id)\tadded \(added)\tcenter \(hospital.centerId ?? "-")\tkey \(hospital.publicKey)"
            }
            return JSONValue.object([
                ("centerId", hospital.centerId.map(JSONValue.string) ?? .null), ("createdAt", .string(added)),
                ("id", .string(hospital.id)), ("publicKey", .string(hospital.publicKey.description)),
            ]).serialized()
        }
    }
}
