/// Severity of an estimated ICH volume V in mL (docs/clinical-reference.md §1):
/// small V < 10; moderate 10 ≤ V < 20; large 20 ≤ V < 30; critical V ≥ 30.
public enum VolumeSeverity: String, Sendable, Hashable, Codable, CaseIterable {
    case small, moderate, large, critical

    /// The lower edge of each band after the first, in order (mL).
    public static let edges: [Double] = [10, 20, 30]

    /// The band of a volume in mL.
    public init(volumeMl v: Double) {
        self = Self.allCases[Self.edges.filter { v >= $0 }.count]
    }

    /// The band's edges in mL: lower ≤ V < upper (`nil` where unbounded).
    public var bounds: (lower: Double?, upper: Double?) {
        let index = Self.allCases.firstIndex(of: self)!
        return (index > 0 ? Self.edges[index - 1] : nil, index < Self.edges.count ? Self.edges[index] : nil)
    }
}

/// 30-day mortality band for an ICH volume, calibrated to Broderick 1993
/// (30 mL ≈ 19 %, 60 mL ≈ 91 %); docs/clinical-reference.md §1.
public enum MortalityBand: String, Sendable, Hashable, Codable, CaseIterable {
    case under10 = "5-10%", from10 = "10-19%", from30 = "19-44%", from50 = "44-91%", from60 = "91-100%"

    /// The lower edge of each band after the first, in order (mL).
    public static let edges: [Double] = [10, 30, 50, 60]

    /// The band of a volume in mL.
    public init(volumeMl v: Double) {
        self = Self.allCases[Self.edges.filter { v >= $0 }.count]
    }

    /// The band's edges in mL: lower ≤ V < upper (`nil` where unbounded).
    public var bounds: (lower: Double?, upper: Double?) {
        let index = Self.allCases.firstIndex(of: self)!
        return (index > 0 ? Self.edges[index - 1] : nil, index < Self.edges.count ? Self.edges[index] : nil)
    }
}
