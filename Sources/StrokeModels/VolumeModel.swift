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
