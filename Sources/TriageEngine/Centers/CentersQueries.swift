import StrokeCenters
import StrokeJSON
import StrokeModels
import TriageLocalization
import TriageRendering

/// The dataset and policy settings of `centers`, `route` and the routing hook
/// (`nil` = not given: the configuration's value, else the default).
/// The CLI's `CentersOptions` convert into it.
public struct CentersSettings: Sendable, Hashable {
    /// A centers dataset file instead of the configuration's `centers.file` or the bundled data.
    public var centersFile: String?
    /// Coverage distance in km.
    public var coverageKm: Double?
    /// Drive-time heuristic: road distance ÷ great-circle distance.
    public var roadFactor: Double?
    /// Drive-time heuristic: average speed in km/h.
    public var speedKmh: Double?
    /// Drive-time heuristic: fixed minutes per trip.
    public var overheadMinutes: Double?
    /// A protocol file instead of the configuration's `protocol.file` or the default protocol.
    public var protocolFile: String?

    /// Settings with these values; all default to the configuration, then the built-in defaults.
    public init(centersFile: String? = nil, coverageKm: Double? = nil, roadFactor: Double? = nil, speedKmh: Double? = nil,
                overheadMinutes: Double? = nil, protocolFile: String? = nil) {
        self.protocolFile = protocolFile
        self.centersFile = centersFile
        self.coverageKm = coverageKm
        self.roadFactor = roadFactor
        self.speedKmh = speedKmh
        self.overheadMinutes = overheadMinutes
    }

    /// The routing policy: defaults, then the configuration file, then these settings, under
    /// `rules` (else the protocol of `protocolFile`, the configuration's, or the default).
    /// - Throws: `CentersError.inputOutOfRange` naming the setting; `EngineError` for a bad protocol file.
    public func policy(_ config: AppConfig, rules: TriageProtocol? = nil) throws -> RoutingPolicy {
        let rules = try rules ?? ProtocolFile.resolve(protocolFile, config: config)
        return try CentersEnvironment.policy(config, rules: rules, coverageKm: coverageKm, roadFactor: roadFactor, speedKmh: speedKmh,
                                             overheadMinutes: overheadMinutes)
    }

    /// The dataset: `centersFile`, else the configuration's `centers.file`, else the bundled data.
    public func dataset(_ config: AppConfig) throws -> CenterDataset { try CentersEnvironment.dataset(centersFile, config) }
}

/// The nearest centers to an origin, as `centers` shows them.
public struct NearestCenters: Sendable {
    /// The origin and, when it came from a place name, that name.
    public let origin: Coordinate, place: String?
    /// The capability asked for (`--need`), if any.
    public let need: String?
    /// The dataset's name (`bundled` or the file).
    public let dataset: String
    /// Whether the origin is inside the dataset's coverage.
    public let coverage: Coverage
    /// The centers, nearest first.
    public let centers: [RankedCenter]
    /// Coverage warnings (outside coverage, near its edge).
    public let warnings: [Message]
    /// The drive-time heuristic used.
    public let drive: DriveTimeModel

    /// The `centers --json` object (messages in the localizer's language).
    public func json(_ l: Localizer) -> JSONValue {
        CentersRendering.nearestJSON(origin: origin, place: place, coverage: coverage.rawValue, need: need, dataset: dataset,
                                     centers: centers, warnings: warnings, drive: drive, l)
    }

    /// The human lines: coverage warnings, the origin and dataset, the capability asked for,
    /// each center with distance, drive time, phones and capabilities, the drive-time note (no disclaimer).
    public func lines(_ l: Localizer) -> [String] {
        var out = warnings.map { "! " + l.render($0) }
        out.append(l.text("centers.header", [
            .text(CentersRendering.origin(origin, place: place, l)),
            .text(dataset == "bundled" ? l.text("centers.dataset.bundled") : dataset),
        ]))
        if let need { out.append(l.text("centers.header.need", [.key("centers.need.\(need)")])) }
        if centers.isEmpty { out.append(l.text("centers.none")) }
        for (i, r) in centers.enumerated() { out += CentersRendering.lines(r, title: "\(i + 1).", l) }
        out.append(CentersRendering.driveNote(drive, l))
        return out
    }
}

/// A routing decision with what it was computed from, as `route` shows it.
public struct RouteAnswer: Sendable {
    /// The decision (inside coverage) or the nearest centers as information (outside).
    public let outcome: RoutingOutcome
    /// The origin and, when it came from a place name, that name.
    public let origin: Coordinate, place: String?
    /// The policy applied.
    public let policy: RoutingPolicy
    /// The dataset's name.
    public let dataset: String
    /// The expected outcome by destination beside the decision, `nil` when it does not apply
    /// or was not asked for (docs/clinical-reference.md §14).
    public let outcomes: RoutingOutcomes?

    /// The `route --json` object (messages in the localizer's language).
    public func json(_ l: Localizer) -> JSONValue {
        RoutingRendering.json(outcome, origin: origin, place: place, policy: policy, dataset: dataset, outcomes: outcomes, l)
    }

    /// The human lines: the origin header, then the decision and the expected outcome (no disclaimer).
    public func lines(_ l: Localizer) -> [String] {
        [l.text("centers.route.header", [.text(CentersRendering.origin(origin, place: place, l))])]
            + RoutingRendering.lines(outcome, policy: policy, outcomes: outcomes, l)
    }

    /// The outcome model's trace (`--explain`), when there is an estimate.
    public var outcomeTrace: ModelTrace? { outcomes?.estimate?.trace }
}

/// The centers questions every front-end asks: the nearest centers, and where to take a patient.
public enum CentersQueries {
    /// The `limit` nearest centers to `origin` (1…1000), only those with capability `need` when given
    /// (`neurosurgery`, `thrombectomy`, `thrombolysis`, `stroke-unit`).
    /// - Throws: `CentersError` for a limit out of range, a bad setting or dataset; `noEligibleCenter` for an unknown `need`.
    public static func nearest(to origin: Coordinate, place: String? = nil, limit: Int = 5, need: String? = nil,
                               settings: CentersSettings = CentersSettings(), config: AppConfig) throws -> NearestCenters {
        try CentersEnvironment.check(Double(limit), field: "centers.field.limit", AllowedRange(lower: 1, upper: 1000, integer: true))
        try checkOrigin(origin)
        var filter = CenterFilter.none
        if let need {
            guard let mask = CapabilityMask(need: need) else {
                throw CentersError.noEligibleCenter(requirement: need)
            }
            filter = .all(mask)
        }
        let policy = try settings.policy(config)
        let dataset = try settings.dataset(config)
        let ranked = dataset.nearest(to: origin, limit: limit, filter: filter, drive: policy.drive)
        let router = Router(dataset: dataset, policy: policy)
        return NearestCenters(origin: origin, place: place, need: need, dataset: dataset.name, coverage: router.coverage(of: origin),
                              centers: ranked, warnings: router.coverageWarnings(origin), drive: policy.drive)
    }

    /// Routes a patient: ICH probability 0…1, LVO probability 0…1 or FAST-ED 0…9, minutes since onset ≥ 0.
    /// With `outcomes`, the expected outcome by destination is estimated beside the
    /// decision (`Router.outcomes`); the decision itself is the same with or without it.
    /// - Throws: `CentersError` naming the value out of range, a bad setting or dataset.
    public static func route(_ request: RoutingRequest, place: String? = nil, outcomes: OutcomeSeverityInput? = nil,
                             settings: CentersSettings = CentersSettings(), config: AppConfig, rules: TriageProtocol? = nil) throws -> RouteAnswer {
        try checkRouting(ich: request.ichProbability, lvo: request.lvoProbability, fastEd: request.fastEd, onsetMinutes: request.onsetMinutes,
                         nihss: outcomes?.nihss)
        try checkOrigin(request.origin)
        let policy = try settings.policy(config, rules: rules)
        let dataset = try settings.dataset(config)
        let router = Router(dataset: dataset, policy: policy)
        let outcome = try router.route(request)
        return RouteAnswer(outcome: outcome, origin: request.origin, place: place, policy: policy, dataset: dataset.name,
                           outcomes: outcomes.flatMap { router.outcomes(request, $0) })
    }

    /// Checks the routing inputs in this order: ICH 0…1, LVO 0…1, FAST-ED whole 0…9, onset ≥ 0 minutes, NIHSS 1…42.
    /// - Throws: `CentersError.inputOutOfRange` naming the first value out of range.
    public static func checkRouting(ich: Double?, lvo: Double?, fastEd: Double?, onsetMinutes: Double?, nihss: Double? = nil) throws {
        if let ich { try CentersEnvironment.check(ich, field: "centers.field.ich", AllowedRange(lower: 0, upper: 1)) }
        if let lvo { try CentersEnvironment.check(lvo, field: "centers.field.lvo", AllowedRange(lower: 0, upper: 1)) }
        if let fastEd { try CentersEnvironment.check(fastEd, field: "field.fastEd", AllowedRange(lower: 0, upper: 9, integer: true)) }
        if let onsetMinutes { try CentersEnvironment.check(onsetMinutes, field: "field.onsetMinutes", AllowedRange(lower: 0)) }
        if let nihss { try CentersEnvironment.check(nihss, field: "field.nihss", OutcomeModel.allowed(.nihss)) }
    }

    /// Checks a coordinate's latitude (−90…90) and longitude (−180…180).
    public static func checkOrigin(_ origin: Coordinate) throws {
        try CentersEnvironment.check(origin.latitude, field: "field.lat", AllowedRange(lower: -90, upper: 90))
        try CentersEnvironment.check(origin.longitude, field: "field.lon", AllowedRange(lower: -180, upper: 180))
    }
}
