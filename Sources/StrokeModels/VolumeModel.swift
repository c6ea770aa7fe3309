// The ICH volume from GFAP: the regression, its estimate, and the severity and mortality bands of a volume.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ICH volume from GFAP by log–log regression (docs/clinical-reference.md §1, R² = 0.476):
/// `log10(V) = 0.0192 + 0.4533 · log10(GFAP)`, V in mL, GFAP in pg/mL.
public enum VolumeModel {
    /// Regression intercept.
    public static let intercept = 0.0192
    /// Regression slope.
    public static let slope = 0.4533
    /// GFAP above this is computed at this value, with a warning.
    public static let gfapCap = 10_000.0
    /// Lower factor of the uncertainty band shown by the reference.
    public static let rangeLowFactor = 0.7
    /// Upper factor of the uncertainty band shown by the reference.
    public static let rangeHighFactor = 1.3
    /// Model version label shown beside every volume.
    public static let version = "gfap-volume-loglog-r2-0.476"

    /// Estimates the bleed volume.
    /// - Parameter gfap: GFAP in pg/mL; must be finite and ≥ 0.
    /// - Throws: `ModelsError` when GFAP is negative, NaN or infinite.
    public static func estimate(gfap: Double) throws(ModelsError) -> VolumeEstimate {
        let allowed = AllowedRange(lower: 0)
        guard allowed.contains(gfap) else {
            throw ModelsError(ValidationIssue(field: .gfap, allowed: allowed, given: gfap))
        }
        guard gfap > 0 else {
            return VolumeEstimate(gfap: gfap, gfapUsed: gfap, volumeMl: 0, warnings: [ModelWarning(code: "volume.noEstimate")])
        }
        var warnings: [ModelWarning] = []
        var used = gfap
        if gfap > gfapCap {
            used = gfapCap
            warnings.append(ModelWarning(code: "gfap.capped", arguments: [.number(gfapCap, maxFractionDigits: 0)]))
        }
        let logGfap = log10(used)
        let logVolume = intercept + slope * logGfap
        let volume = pow(10, logVolume)
        return VolumeEstimate(gfap: gfap, gfapUsed: used, volumeMl: volume, warnings: warnings,
                              logGfap: logGfap, logVolume: logVolume)
    }
}

/// An estimated ICH volume with its band, severity and mortality band.
public struct VolumeEstimate: Sendable, Hashable, Codable {
    /// GFAP as given, pg/mL.
    public let gfap: Double
    /// GFAP the formula used (capped at 10 000), pg/mL.
    public let gfapUsed: Double
    /// Estimated volume in mL (0 when no estimate is possible).
    public let volumeMl: Double
    /// Non-blocking remarks, e.g. that GFAP was capped.
    public let warnings: [ModelWarning]
    /// log10 of the GFAP used, `nil` without an estimate (for `--explain`).
    public let logGfap: Double?
    /// log10(V) = 0.0192 + 0.4533 · log10(GFAP used), `nil` without an estimate (for `--explain`).
    public let logVolume: Double?

    /// Creates an estimate; the log–log steps are given when a volume was computed.
    public init(gfap: Double, gfapUsed: Double, volumeMl: Double, warnings: [ModelWarning],
                logGfap: Double? = nil, logVolume: Double? = nil) {
        self.gfap = gfap
        self.gfapUsed = gfapUsed
        self.volumeMl = volumeMl
        self.warnings = warnings
        self.logGfap = logGfap
        self.logVolume = logVolume
    }

    /// Whether a volume could be estimated at all (GFAP > 0).
    public var isEstimated: Bool { gfapUsed > 0 }
    /// The reference's uncertainty band, 0.7·V … 1.3·V, in mL.
    public var rangeMl: ClosedRange<Double> {
        (VolumeModel.rangeLowFactor * volumeMl)...(VolumeModel.rangeHighFactor * volumeMl)
    }
    /// Severity band of the volume.
    public var severity: VolumeSeverity { VolumeSeverity(volumeMl: volumeMl) }
    /// 30-day mortality band of the volume.
    public var mortality: MortalityBand { MortalityBand(volumeMl: volumeMl) }
}

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
