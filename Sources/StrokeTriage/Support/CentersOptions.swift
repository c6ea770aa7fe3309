import ArgumentParser
import CentersData
import Foundation
import StrokeCenters
import StrokeModels

/// Flags shared by `centers` and `route`: the origin, the dataset and the drive-time heuristic.
struct CentersOptions: ParsableArguments {
    @Option(name: .long, help: "Latitude of the origin in degrees (−90…90); use with --lon.")
    var lat: Double?

    @Option(name: .long, help: "Longitude of the origin in degrees (−180…180); use with --lat.")
    var lon: Double?

    @Option(name: .long, help: ArgumentHelp("A German place (≥ 5 000 inhabitants) as origin, e.g. Würzburg or \"Fürth (Bayern)\".", valueName: "place"))
    var near: String?

    @Option(name: .long, help: "A centers dataset (JSON array in the bundled schema, or GeoJSON FeatureCollection) instead of the bundled data.")
    var centers: String?

    @Option(
        name: .customLong("coverage-km"),
        help: "Coverage distance: farther than this from every center, no destination is suggested (km, default \(Int(RoutingPolicy.defaultCoverageKm))).")
    var coverageKm: Double?

    @Option(name: .customLong("road-factor"), help: "Drive-time heuristic: road distance ÷ great-circle distance (default 1.3).")
    var roadFactor: Double?

    @Option(name: .customLong("speed-kmh"), help: "Drive-time heuristic: average speed in km/h (default 80).")
    var speedKmh: Double?

    @Option(name: .customLong("overhead-minutes"), help: "Drive-time heuristic: fixed minutes per trip (default 5).")
    var overheadMinutes: Double?

    mutating func validate() throws {
        switch (lat, lon, near) {
        case (nil, nil, nil): throw ValidationError("Give the origin: --lat and --lon, or --near PLACE.")
        case (_?, nil, _), (nil, _?, _): throw ValidationError("--lat and --lon go together.")
        case (_?, _?, _?): throw ValidationError("Give either --lat/--lon or --near, not both.")
        default: break
        }
    }

    /// The origin, validated, and the place name it came from.
    func origin() throws -> (Coordinate, String?) {
        if let near {
            let place = try CentersEnvironment.gazetteer.resolve(near)
            return (place.coordinate, place.displayName)
        }
        guard let lat, let lon else { throw ValidationError("Give the origin: --lat and --lon, or --near PLACE.") }
        try CentersEnvironment.check(lat, field: "field.lat", AllowedRange(lower: -90, upper: 90))
        try CentersEnvironment.check(lon, field: "field.lon", AllowedRange(lower: -180, upper: 180))
        return (Coordinate(latitude: lat, longitude: lon), nil)
    }

    /// The routing policy: defaults, then the configuration file, then these flags.
    func policy(_ config: AppConfig) throws -> RoutingPolicy {
        try CentersEnvironment.policy(config, coverageKm: coverageKm, roadFactor: roadFactor, speedKmh: speedKmh, overheadMinutes: overheadMinutes)
    }

    /// The dataset: `--centers FILE`, else the config's `centers.file`, else the bundled data.
    func dataset(_ config: AppConfig) throws -> CenterDataset { try CentersEnvironment.dataset(centers, config) }
}

/// Loading data and checking values for the centers commands and the routing hook.
enum CentersEnvironment {
    /// The bundled gazetteer (parsed on first use).
    static let gazetteer = Gazetteer(tsv: BundledCenters.placesTSV)

    /// The bundled, validated dataset.
    static func bundled() throws -> CenterDataset {
        try CenterDataset(json: BundledCenters.strokeCentersJSON, name: "bundled")
    }

    /// A dataset from a file.
    static func load(_ path: String) throws -> CenterDataset {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw CentersError.unreadable(file: path, cause: String(describing: error))
        }
        return try CenterDataset(json: bytes, name: path)
    }

    /// The routing policy: defaults, then the configuration file, then flags (`nil` = not given).
    static func policy(
        _ config: AppConfig, coverageKm: Double? = nil, roadFactor: Double? = nil, speedKmh: Double? = nil,
        overheadMinutes: Double? = nil, maxExtraMinutes: Double? = nil
    ) throws -> RoutingPolicy {
        var p = RoutingPolicy()
        p.coverageKm = try setting(coverageKm, config, "centers.coverageKm", "centers.field.coverageKm", AllowedRange(lower: 0, lowerExclusive: true)) ?? p.coverageKm
        p.maxExtraMinutes = try setting(maxExtraMinutes, config, "centers.maxExtraMinutes", "centers.field.maxExtraMinutes", AllowedRange(lower: 0, upper: 240)) ?? p.maxExtraMinutes
        let factor = try setting(roadFactor, config, "centers.roadFactor", "centers.field.roadFactor", AllowedRange(lower: 1, upper: 5)) ?? p.drive.roadFactor
        let speed = try setting(speedKmh, config, "centers.speedKmh", "centers.field.speedKmh", AllowedRange(lower: 1, upper: 300)) ?? p.drive.speedKmh
        let overhead = try setting(overheadMinutes, config, "centers.overheadMinutes", "centers.field.overheadMinutes", AllowedRange(lower: 0, upper: 120)) ?? p.drive.overheadMinutes
        p.drive = DriveTimeModel(roadFactor: factor, speedKmh: speed, overheadMinutes: overhead)
        return p
    }

    /// The dataset: `path`, else the config's `centers.file`, else the bundled data.
    static func dataset(_ path: String?, _ config: AppConfig) throws -> CenterDataset {
        if let path = path ?? config.string("centers.file") { return try load(path) }
        return try bundled()
    }

    /// The configuration, or an empty one when it cannot be read (the commands that own it report that).
    static func config() -> AppConfig { (try? AppConfig.load()) ?? AppConfig() }

    /// Throws when `value` is outside `range`, naming the field, range and value.
    static func check(_ value: Double, field: String, _ range: AllowedRange) throws {
        guard range.contains(value) else { throw CentersError.inputOutOfRange(field: Message(field), range: range, value: value) }
    }

    /// A flag's value, else the configuration's, checked against `range`.
    static func setting(_ flag: Double?, _ config: AppConfig, _ key: String, _ field: String, _ range: AllowedRange) throws -> Double? {
        guard let value = flag ?? config.number(key) else { return nil }
        try check(value, field: field, range)
        return value
    }
}
