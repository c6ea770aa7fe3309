import Foundation
import StrokeModels

/// Turns dataset bytes into centers, checking every field of every record.
enum CenterDecoder {
    /// Decodes a JSON array of centers or a GeoJSON FeatureCollection.
    static func decode(_ bytes: [UInt8], dataset: String) throws -> [StrokeCenter] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw CentersError.malformedJSON(dataset: dataset, cause: String(describing: error))
        }
        if let records = root as? [Any] {
            return try records.enumerated().map { i, record in
                guard let object = record as? [String: Any] else {
                    throw CentersError.invalidField(record: "#\(i + 1)", field: "record", expected: "object")
                }
                return try center(object, position: i, geometry: nil)
            }
        }
        if let object = root as? [String: Any], object["type"] as? String == "FeatureCollection",
            let features = object["features"] as? [Any]
        {
            return try features.enumerated().map { i, feature in
                try geoJSONCenter(feature, position: i)
            }
        }
        throw CentersError.unsupportedFormat(dataset: dataset)
    }

    private static func geoJSONCenter(_ feature: Any, position i: Int) throws -> StrokeCenter {
        let record = "#\(i + 1)"
        guard let f = feature as? [String: Any], f["type"] as? String == "Feature" else {
            throw CentersError.invalidField(record: record, field: "type", expected: "feature")
        }
        guard let geometry = f["geometry"] as? [String: Any] else {
            throw CentersError.missingField(record: record, field: "geometry")
        }
        guard geometry["type"] as? String == "Point", let pair = geometry["coordinates"] as? [Any], pair.count >= 2,
            let lon = number(pair[0]), let lat = number(pair[1])
        else {
            throw CentersError.invalidField(record: record, field: "geometry", expected: "point")
        }
        var properties = f["properties"] as? [String: Any] ?? [:]
        if properties["id"] == nil, let id = f["id"] { properties["id"] = (id as? String) ?? "\(id)" }
        return try center(properties, position: i, geometry: (lat, lon))
    }

    private static func center(_ o: [String: Any], position i: Int, geometry: (Double, Double)?) throws -> StrokeCenter {
        var record = "#\(i + 1)"
        let id = try requiredString(o, "id", record)
        record = "#\(i + 1) (id '\(id)')"
        let name = try requiredString(o, "name", record)
        let lat = try geometry?.0 ?? requiredNumber(o, "lat", record)
        let lon = try geometry?.1 ?? requiredNumber(o, "lon", record)
        guard lat.isFinite, (-90...90).contains(lat) else {
            throw CentersError.coordinateOutOfRange(record: record, field: "lat", value: lat)
        }
        guard lon.isFinite, (-180...180).contains(lon) else {
            throw CentersError.coordinateOutOfRange(record: record, field: "lon", value: lon)
        }
        guard let levelText = o["level"] else { throw CentersError.missingField(record: record, field: "level") }
        guard let levelName = levelText as? String, let level = CenterLevel(rawValue: levelName) else {
            throw CentersError.invalidField(record: record, field: "level", expected: "level")
        }
        guard let capsValue = o["capabilities"] else {
            throw CentersError.missingField(record: record, field: "capabilities")
        }
        guard let caps = capsValue as? [String: Any] else {
            throw CentersError.invalidField(record: record, field: "capabilities", expected: "object")
        }
        func flag(_ key: String) throws -> Bool {
            switch caps[key] {
            case nil, is NSNull: return false  // unknown: never claimed
            case let n as NSNumber where CFGetTypeIDShim.isBool(n): return n.boolValue
            default: throw CentersError.invalidField(record: record, field: "capabilities.\(key)", expected: "boolean")
            }
        }
        return StrokeCenter(
            id: id, name: name, address: try optionalString(o, "address", record),
            coordinate: Coordinate(latitude: lat, longitude: lon),
            phone: try optionalString(o, "phone", record),
            emergencyPhone: try optionalString(o, "emergencyPhone", record),
            region: try optionalString(o, "region", record), level: level,
            capabilities: Capabilities(
                neurosurgery: try flag("neurosurgery"), thrombectomy: try flag("thrombectomy"),
                thrombolysis: try flag("thrombolysis"), strokeUnit: try flag("strokeUnit")),
            certification: try optionalString(o, "certification", record),
            source: try optionalString(o, "source", record), updated: try optionalString(o, "updated", record))
    }

    private static func requiredString(_ o: [String: Any], _ key: String, _ record: String) throws -> String {
        guard let value = o[key], !(value is NSNull) else { throw CentersError.missingField(record: record, field: key) }
        guard let s = value as? String, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CentersError.invalidField(record: record, field: key, expected: "text")
        }
        return s
    }

    private static func optionalString(_ o: [String: Any], _ key: String, _ record: String) throws -> String? {
        guard let value = o[key], !(value is NSNull) else { return nil }
        guard let s = value as? String else { throw CentersError.invalidField(record: record, field: key, expected: "text") }
        return s
    }

    private static func requiredNumber(_ o: [String: Any], _ key: String, _ record: String) throws -> Double {
        guard let value = o[key], !(value is NSNull) else { throw CentersError.missingField(record: record, field: key) }
        guard let n = number(value) else { throw CentersError.invalidField(record: record, field: key, expected: "number") }
        return n
    }

    private static func number(_ value: Any) -> Double? {
        guard let n = value as? NSNumber, !CFGetTypeIDShim.isBool(n) else { return nil }
        return n.doubleValue
    }
}

/// Tells JSON booleans from numbers in `JSONSerialization` output on every platform.
enum CFGetTypeIDShim {
    private static let boolType = type(of: NSNumber(value: true))
    /// Whether the number came from a JSON `true`/`false`.
    static func isBool(_ n: NSNumber) -> Bool { type(of: n) == boolType }
}
