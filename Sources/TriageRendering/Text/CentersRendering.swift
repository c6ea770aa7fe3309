import StrokeJSON
import StrokeCenters
import StrokeModels
import TriageLocalization

/// JSON and human lines for ranked centers, shared by `centers`, `route` and the routing hook.
public enum CentersRendering {
    /// Rounds to `digits` decimals for JSON (stable, locale-free output).
    public static func rounded(_ value: Double, _ digits: Int) -> JSONValue {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return .number((value * scale).rounded() / scale)
    }

    private static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }

    /// The JSON object of one ranked center.
    public static func json(_ r: RankedCenter) -> JSONValue {
        let c = r.center
        return .object([
            ("id", .string(c.id)), ("name", .string(c.name)), ("shortName", .string(c.shortName)),
            ("lat", .number(c.coordinate.latitude)), ("lon", .number(c.coordinate.longitude)),
            ("distanceKm", rounded(r.distanceKm, 2)), ("driveMinutes", rounded(r.driveMinutes, 1)),
            ("level", .string(c.level.rawValue)),
            ("capabilities", .object([
                ("neurosurgery", .bool(c.capabilities.neurosurgery)), ("thrombectomy", .bool(c.capabilities.thrombectomy)),
                ("thrombolysis", .bool(c.capabilities.thrombolysis)), ("strokeUnit", .bool(c.capabilities.strokeUnit)),
            ])),
            ("phone", optional(c.phone)), ("emergencyPhone", optional(c.emergencyPhone)),
            ("address", optional(c.address)), ("region", optional(c.region)),
            ("certification", optional(c.certification)), ("updated", optional(c.updated)),
        ])
    }

    /// The `centers --json` object: origin, coverage, the capability asked for, the dataset,
    /// the ranked centers, coverage warnings (sentences in the localizer's language), the drive model, disclaimer.
    public static func nearestJSON(origin: Coordinate, place: String?, coverage: String, need: String?, dataset: String,
                                   centers: [RankedCenter], warnings: [Message], drive: DriveTimeModel, _ l: Localizer) -> JSONValue {
        var originMembers: [(String, JSONValue)] = [("lat", .number(origin.latitude)), ("lon", .number(origin.longitude))]
        if let place { originMembers.append(("place", .string(place))) }
        return .object([
            ("origin", .object(originMembers)),
            ("coverage", .string(coverage)),
            ("need", need.map(JSONValue.string) ?? .null),
            ("dataset", .string(dataset)),
            ("centers", .array(centers.map(json))),
            ("warnings", .array(warnings.map { .string(l.render($0)) })),
            ("driveModel", json(drive)),
            ("disclaimer", .string(l.text("disclaimer.short"))),
        ])
    }

    /// The drive-time heuristic as a JSON object.
    public static func json(_ d: DriveTimeModel) -> JSONValue {
        .object([("roadFactor", .number(d.roadFactor)), ("speedKmh", .number(d.speedKmh)), ("overheadMinutes", .number(d.overheadMinutes))])
    }

    /// The capabilities as a localized list.
    public static func capabilities(_ c: Capabilities, _ l: Localizer) -> String {
        let names = [
            (c.neurosurgery, "neurosurgery"), (c.thrombectomy, "thrombectomy"),
            (c.thrombolysis, "thrombolysis"), (c.strokeUnit, "strokeUnit"),
        ].filter(\.0).map { l.text("centers.capability.\($0.1)") }
        return names.isEmpty ? l.text("centers.capabilities.none") : names.joined(separator: ", ")
    }

    /// Human lines for one center: title, distance and drive time, phones, capabilities.
    public static func lines(_ r: RankedCenter, title: String, indent: String = "   ", _ l: Localizer) -> [String] {
        let c = r.center
        var out = [l.text("centers.line.title", [.text(title), .text(c.name), .key(c.level.messageKey)])]
        out.append(indent + l.text("centers.line.distance", [
            .number(r.distanceKm, maxFractionDigits: 1), .number(r.driveMinutes.rounded(), maxFractionDigits: 0),
        ]))
        switch (c.phone, c.emergencyPhone) {
        case let (p?, e?): out.append(indent + l.text("centers.line.phones", [.text(p), .text(e)]))
        case let (p?, nil), let (nil, p?): out.append(indent + l.text("centers.line.phone", [.text(p)]))
        case (nil, nil): out.append(indent + l.text("centers.line.noPhone"))
        }
        out.append(indent + l.text("centers.capabilities", [.text(capabilities(c.capabilities, l))]))
        return out
    }

    /// The line explaining the drive-time estimate.
    public static func driveNote(_ d: DriveTimeModel, _ l: Localizer) -> String {
        l.text("centers.driveModel", [
            .number(d.roadFactor, maxFractionDigits: 2), .number(d.speedKmh, maxFractionDigits: 1),
            .number(d.overheadMinutes, maxFractionDigits: 1),
        ])
    }

    /// The origin line: coordinates and, when given, the place name.
    public static func origin(_ o: Coordinate, place: String?, _ l: Localizer) -> String {
        let coords = l.text("centers.origin.coordinates", [.number(o.latitude, maxFractionDigits: 4), .number(o.longitude, maxFractionDigits: 4)])
        return place.map { l.text("centers.origin.place", [.text($0), .text(coords)]) } ?? coords
    }
}
