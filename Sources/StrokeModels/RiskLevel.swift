/// Risk level of an ICH or LVO probability (docs/clinical-reference.md §4).
///
/// low p < 0.25 ≤ medium < 0.50 ≤ high < 0.70 ≤ critical.
public enum RiskLevel: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case low, medium, high, critical

    /// Lower bound of `medium`.
    public static let mediumFrom = 0.25
    /// Lower bound of `high`.
    public static let highFrom = 0.50
    /// Lower bound of `critical`.
    public static let criticalFrom = 0.70

    /// The level of a probability given as a fraction 0…1.
    public init(probability p: Double) {
        if p >= Self.criticalFrom { self = .critical }
        else if p >= Self.highFrom { self = .high }
        else if p >= Self.mediumFrom { self = .medium }
        else { self = .low }
    }

    /// Levels ordered from low to critical.
    public static func < (a: RiskLevel, b: RiskLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
