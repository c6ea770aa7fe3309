import StrokeCenters
import StrokeModels

/// Where a centers question starts (`centers`, `route`): a coordinate, or a German
/// place (≥ 5 000 inhabitants) from the bundled gazetteer.
///
/// ```swift
/// let nearest = try CentersQueries.nearest(from: .place("Würzburg"), limit: 3, config: AppConfig.current)
/// let answer = try CentersQueries.route(from: .coordinate(latitude: 49.79, longitude: 9.95), ich: 0.1, lvo: 0.6,
///                                       config: AppConfig.current)
/// ```
public enum CentersOrigin: Sendable, Hashable {
    /// Decimal degrees: latitude −90…90, longitude −180…180.
    case coordinate(latitude: Double, longitude: Double)
    /// A place name, e.g. `Würzburg` or `Fürth (Bayern)`.
    case place(String)

    /// The checked coordinate and, when it came from a place, the place's display name.
    /// - Throws: `CentersError` for an unknown or ambiguous place, or the first coordinate out of range.
    public func resolve() throws -> (Coordinate, String?) {
        switch self {
        case .place(let name):
            let place = try CentersEnvironment.gazetteer.resolve(name)
            return (place.coordinate, place.displayName)
        case .coordinate(let latitude, let longitude):
            let origin = Coordinate(latitude: latitude, longitude: longitude)
            try CentersQueries.checkOrigin(origin)
            return (origin, nil)
        }
    }
}

extension CentersQueries {
    /// The nearest centers to an origin not yet resolved: the limit is checked first (1…1000),
    /// then the origin, then as `nearest(to:…)`.
    /// - Throws: `CentersError` naming the first problem.
    public static func nearest(from origin: CentersOrigin, limit: Int = 5, need: String? = nil,
                               settings: CentersSettings = CentersSettings(), config: AppConfig) throws -> NearestCenters {
        try CentersEnvironment.check(Double(limit), field: "centers.field.limit", AllowedRange(lower: 1, upper: 1000, integer: true))
        let (coordinate, place) = try origin.resolve()
        return try nearest(to: coordinate, place: place, limit: limit, need: need, settings: settings, config: config)
    }

    /// Routes a patient from an origin not yet resolved: the routing inputs are checked first
    /// (`checkRouting`), then the origin, then as `route(_:…)`. `ich` `nil` is routed
    /// conservatively (rule 2). Only with `research` (`route --research`) is the expected outcome
    /// by destination estimated beside the decision with `nihss` (a given `lvo` reported as
    /// `given`), or noted as needing it: no prognosis reaches a crew (issue 43).
    /// - Throws: `CentersError` naming the first problem.
    public static func route(from origin: CentersOrigin, ich: Double?, lvo: Double? = nil, fastEd: Double? = nil,
                             onsetMinutes: Double? = nil, nihss: Double? = nil, anticoagulated: Bool = false, research: Bool = false,
                             settings: CentersSettings = CentersSettings(), config: AppConfig) throws -> RouteAnswer {
        try checkRouting(ich: ich, lvo: lvo, fastEd: fastEd, onsetMinutes: onsetMinutes, nihss: nihss)
        let (coordinate, place) = try origin.resolve()
        let request = RoutingRequest(origin: coordinate, ichProbability: ich, lvoProbability: lvo, fastEd: fastEd,
                                     onsetMinutes: onsetMinutes, anticoagulated: anticoagulated)
        return try route(request, place: place, outcomes: research ? OutcomeSeverityInput(severity: nihss.map { .nihss($0) }) : nil,
                         settings: settings, config: config)
    }
}
