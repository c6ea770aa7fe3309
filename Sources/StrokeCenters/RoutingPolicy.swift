/// Every threshold of the routing decision, with the documented defaults.
public struct RoutingPolicy: Sendable, Hashable {
    /// ICH probability at or above which the nearest neurosurgical center is chosen (models.md §8: 0.50).
    public var ichNeurosurgical = 0.50
    /// ICH probability at or above which a neurosurgical or comprehensive center is chosen (models.md §8: 0.30).
    public var ichUncertain = 0.30
    /// Thrombolysis window in minutes since onset (models.md §8: 270 = 4.5 h).
    public var thrombolysisWindowMinutes = 270.0
    /// LVO probability at or above which LVO is likely (issue 5: 0.5).
    public var lvoLikely = 0.5
    /// FAST-ED score at or above which LVO is likely (issue 5: 4).
    public var fastEdLikely = 4.0
    /// Latest onset for the LVO rule in minutes (issue 5: 24 h).
    public var lvoOnsetLimitMinutes = 1440.0
    /// Longest extra drive to reach a thrombectomy center directly (AHA Mission: Lifeline 2017: 15 min).
    public var maxExtraMinutes = 15.0
    /// Farther than this from every center, the dataset does not cover the origin (km):
    /// routing then suggests no destination (docs/routing.md, "Coverage").
    public var coverageKm = RoutingPolicy.defaultCoverageKm
    /// The drive-time heuristic.
    public var drive = DriveTimeModel.standard

    /// The default coverage distance: 100 km great-circle, about 1 h 45 min by the
    /// drive-time heuristic. Every place of the gazetteer in Bayern and
    /// Baden-Württemberg lies within it of a bundled center; beyond it, a
    /// destination from the dataset is implausible (a closer stroke unit it does
    /// not list is to be expected). The one constant; docs/routing.md explains it.
    public static let defaultCoverageKm = 100.0

    /// The defaults.
    public init() {}
}
