/// The geographic settings of the routing decision, with the documented defaults.
///
/// The clinical thresholds (ICH 0.50 / 0.30, the 270-min window, the 24-h LVO
/// limit, the LVO-suspected rule) are not settings: they live once in
/// `DecisionRules` and `LVOVerdict` (docs/clinical-reference.md §8, §12).
public struct RoutingPolicy: Sendable, Hashable {
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
