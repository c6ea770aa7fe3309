import ArgumentParser
import TriageEngine
import StrokeCenters
import StrokeModels

/// Flags shared by `centers` and `route`: the origin, the dataset and the drive-time heuristic.
struct CentersOptions: ParsableArguments {
    @Option(name: .long, help: "Latitude of the origin in degrees (−90…90); use with --lon.", transform: DecimalFlag.double)
    var lat: Double?

    @Option(name: .long, help: "Longitude of the origin in degrees (−180…180); use with --lat.", transform: DecimalFlag.double)
    var lon: Double?

    @Option(name: .long, help: ArgumentHelp("A German place (≥ 5 000 inhabitants) as origin, e.g. Würzburg or \"Fürth (Bayern)\".", valueName: "place"))
    var near: String?

    @Option(name: .long, help: "A centers dataset (JSON array in the bundled schema, or GeoJSON FeatureCollection) instead of the bundled data.")
    var centers: String?

    @Option(
        name: .customLong("coverage-km"),
        help: "Coverage distance: farther than this from every center, no destination is suggested (km, default \(Int(RoutingPolicy.defaultCoverageKm))).", transform: DecimalFlag.double)
    var coverageKm: Double?

    @Option(name: .customLong("road-factor"), help: "Drive-time heuristic: road distance ÷ great-circle distance (default 1.3).", transform: DecimalFlag.double)
    var roadFactor: Double?

    @Option(name: .customLong("speed-kmh"), help: "Drive-time heuristic: average speed in km/h (default 80).", transform: DecimalFlag.double)
    var speedKmh: Double?

    @Option(name: .customLong("overhead-minutes"), help: "Drive-time heuristic: fixed minutes per trip (default 5).", transform: DecimalFlag.double)
    var overheadMinutes: Double?

    mutating func validate() throws {
        if let problem = CentersOrigin.usageProblem(latitude: lat, longitude: lon, near: near) { throw ValidationError(problem) }
    }

    /// The engine's origin of these flags (`validate` made sure there is exactly one).
    var origin: CentersOrigin {
        guard let lat, let lon else { return .place(near ?? "") }
        return .coordinate(latitude: lat, longitude: lon)
    }

    /// The engine's centers settings of these flags.
    func settings(protocolFile: String? = nil) -> CentersSettings {
        CentersSettings(centersFile: centers, coverageKm: coverageKm, roadFactor: roadFactor, speedKmh: speedKmh,
                        overheadMinutes: overheadMinutes, protocolFile: protocolFile)
    }
}
