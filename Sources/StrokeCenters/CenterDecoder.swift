import StrokeJSON
import StrokeModels

/// Turns dataset bytes into centers, checking every field of every record.
enum CenterDecoder {
    /// Decodes a JSON array of centers or a GeoJSON FeatureCollection.
    static func decode(_ bytes: [UInt8], dataset: String) throws -> [StrokeCenter] {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: bytes)
        } catch {
            let (line, column) = error.position(in: bytes)
            throw CentersError.malformedJSON(dataset: dataset, line: line, column: column, reason: error.reason, cause: String(describing: error))
        }
        if case .array(let records) = root {
            return try records.enumerated().map { i, record in
                guard let object = record.dictionary else {
                    throw CentersError.invalidField(record: "#\(i + 1)", field: "record", expected: "object")
                }
                return try center(object, position: i, geometry: nil)
            }
        }
        if root["type"] == .string("FeatureCollection"), case .array(let features)? = root["features"] {
            return try features.enumerated().map { i, feature in try geoJSONCenter(feature, position: i) }
        }
        throw CentersError.unsupportedFormat(dataset: dataset)
    }

    private static func geoJSONCenter(_ feature: JSONValue, position i: Int) throws -> StrokeCenter {
        let record = "#\(i + 1)"
        guard feature["type"] == .string("Feature") else {
            throw CentersError.invalidField(record: record, field: "type", expected: "feature")
        }
        guard let geometry = feature["geometry"], geometry.dictionary != nil else {
            throw CentersError.missingField(record: record, field: "geometry")
        }
        guard geometry["type"] == .string("Point"), case .array(let pair)? = geometry["coordinates"], pair.count >= 2,
            let lon = pair[0].doubleValue, let lat = pair[1].doubleValue
        else {
            throw CentersError.invalidField(record: record, field: "geometry", expected: "point")
        }
        var properties = feature["properties"]?.dictionary ?? [:]
        if properties["id"] == nil || properties["id"] == .null, let id = feature["id"] {
            switch id {
            case .string: properties["id"] = id
            case .integer(let n) where abs(n) < 1_000_000_000_000_000: properties["id"] = .string(String(n))
            case .integer(let n): properties["id"] = .string(String(Double(n)))
            case .number(let n): properties["id"] = .string(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n))
            default: break
            }
        }
        return try center(properties, position: i, geometry: (lat, lon))
    }

    private static func center(_ o: [String: JSONValue], position i: Int, geometry: (Double, Double)?) throws -> StrokeCenter {
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
        guard let levelValue = o["level"], levelValue != .null else { throw CentersError.missingField(record: record, field: "level") }
        guard case .string(let levelName) = levelValue, let level = CenterLevel(rawValue: levelName) else {
            throw CentersError.invalidField(record: record, field: "level", expected: "level")
        }
        guard let capsValue = o["capabilities"], capsValue != .null else {
            throw CentersError.missingField(record: record, field: "capabilities")
        }
        guard let caps = capsValue.dictionary else {
            throw CentersError.invalidField(record: record, field: "capabilities", expected: "object")
        }
        func flag(_ key: String) throws -> Bool {
            switch caps[key] {
            case nil, .null?: return false  // unknown: never claimed
            case .bool(let b)?: return b
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
            source: try optionalString(o, "source", record), updated: try optionalString(o, "updated", record),
            doorToNeedleMinutes: try optionalMinutes(o, "doorToNeedleMinutes", record),
            doorToPunctureMinutes: try optionalMinutes(o, "doorToPunctureMinutes", record),
            shortName: try optionalString(o, "shortName", record))
    }

    /// An optional door time: null or absent, else minutes 0…1440 (the outcome model's range).
    private static func optionalMinutes(_ o: [String: JSONValue], _ key: String, _ record: String) throws -> Double? {
        guard let value = o[key], value != .null else { return nil }
        guard let n = value.doubleValue, n.isFinite, (0...OutcomeModel.maximumMinutes).contains(n) else {
            throw CentersError.invalidField(record: record, field: key, expected: "minutes")
        }
        return n
    }

    private static func requiredString(_ o: [String: JSONValue], _ key: String, _ record: String) throws -> String {
        guard let value = o[key], value != .null else { throw CentersError.missingField(record: record, field: key) }
        guard case .string(let s) = value, s.contains(where: { !$0.isWhitespace }) else {
            throw CentersError.invalidField(record: record, field: key, expected: "text")
        }
        return s
    }

    private static func optionalString(_ o: [String: JSONValue], _ key: String, _ record: String) throws -> String? {
        guard let value = o[key], value != .null else { return nil }
        guard case .string(let s) = value else { throw CentersError.invalidField(record: record, field: key, expected: "text") }
        return s
    }

    private static func requiredNumber(_ o: [String: JSONValue], _ key: String, _ record: String) throws -> Double {
        guard let value = o[key], value != .null else { throw CentersError.missingField(record: record, field: key) }
        guard let n = value.doubleValue else { throw CentersError.invalidField(record: record, field: key, expected: "number") }
        return n
    }
}
