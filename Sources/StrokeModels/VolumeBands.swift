/// Severity of an estimated ICH volume V in mL (models.md §1):
/// small V < 10; moderate 10 ≤ V < 20; large 20 ≤ V < 30; critical V ≥ 30.
public enum VolumeSeverity: String, Sendable, Hashable, Codable, CaseIterable {
    case small, moderate, large, critical

    /// The band of a volume in mL.
    public init(volumeMl v: Double) {
        if v >= 30 { self = .critical }
        else if v >= 20 { self = .large }
        else if v >= 10 { self = .moderate }
        else { self = .small }
    }
}

/// 30-day mortality band for an ICH volume, calibrated to Broderick 1993
/// (30 mL ≈ 19 %, 60 mL ≈ 91 %); models.md §1.
public enum MortalityBand: String, Sendable, Hashable, Codable, CaseIterable {
    case under10 = "5-10%", from10 = "10-19%", from30 = "19-44%", from50 = "44-91%", from60 = "91-100%"

    /// The band of a volume in mL.
    public init(volumeMl v: Double) {
        if v >= 60 { self = .from60 }
        else if v >= 50 { self = .from50 }
        else if v >= 30 { self = .from30 }
        else if v >= 10 { self = .from10 }
        else { self = .under10 }
    }
}
