import CentersData
import Foundation
import StrokeCenters
import StrokeModels

/// Loading data and checking values for the centers commands and the routing hook.
public enum CentersEnvironment {
    /// The bundled gazetteer (parsed on first use).
    public static let gazetteer = Gazetteer(tsv: BundledCenters.placesTSV)

    /// The bundled, validated dataset (parsed once per process: the station server's
    /// `/v1` routes ask for it on every request).
    public static func bundled() throws -> CenterDataset {
        try bundledDataset.get()
    }

    private static let bundledDataset = Result { try CenterDataset(json: BundledCenters.strokeCentersJSON, name: "bundled") }

    /// A dataset from a file, parsed again only when the file changed (`CentersFileCache`).
    public static func load(_ path: String) throws -> CenterDataset {
        try CentersFileCache.dataset(path) { try read(path) }
    }

    /// A dataset from a file, read and parsed.
    static func read(_ path: String) throws -> CenterDataset {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw CentersError.unreadable(file: path, cause: String(describing: error))
        }
        return try CenterDataset(json: bytes, name: path)
    }

    /// The routing policy under `rules`: defaults, then the configuration file, then flags (`nil` = not given).
    public static func policy(
        _ config: AppConfig, rules: TriageProtocol = .standard, coverageKm: Double? = nil, roadFactor: Double? = nil, speedKmh: Double? = nil,
        overheadMinutes: Double? = nil
    ) throws -> RoutingPolicy {
        var p = RoutingPolicy()
        p.rules = rules
        p.coverageKm = try setting(coverageKm, config, "centers.coverageKm", "centers.field.coverageKm", AllowedRange(lower: 0, lowerExclusive: true)) ?? p.coverageKm
        let factor = try setting(roadFactor, config, "centers.roadFactor", "centers.field.roadFactor", AllowedRange(lower: 1, upper: 5)) ?? p.drive.roadFactor
        let speed = try setting(speedKmh, config, "centers.speedKmh", "centers.field.speedKmh", AllowedRange(lower: 1, upper: 300)) ?? p.drive.speedKmh
        let overhead = try setting(overheadMinutes, config, "centers.overheadMinutes", "centers.field.overheadMinutes", AllowedRange(lower: 0, upper: 120)) ?? p.drive.overheadMinutes
        p.drive = DriveTimeModel(roadFactor: factor, speedKmh: speed, overheadMinutes: overhead)
        return p
    }

    /// The dataset: `path`, else the config's `centers.file`, else the bundled data.
    public static func dataset(_ path: String?, _ config: AppConfig) throws -> CenterDataset {
        if let path = path ?? config.string("centers.file") { return try load(path) }
        return try bundled()
    }

    /// Throws when `value` is outside `range`, naming the field, range and value.
    public static func check(_ value: Double, field: String, _ range: AllowedRange) throws {
        guard range.contains(value) else { throw CentersError.inputOutOfRange(field: Message(field), range: range, value: value) }
    }

    /// A flag's value, else the configuration's, checked against `range`.
    public static func setting(_ flag: Double?, _ config: AppConfig, _ key: String, _ field: String, _ range: AllowedRange) throws -> Double? {
        guard let value = flag ?? config.number(key) else { return nil }
        try check(value, field: field, range)
        return value
    }
}
