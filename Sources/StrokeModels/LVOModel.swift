#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The LVO model: GFAP + FAST-ED logistic regression with Platt calibration
/// (docs/clinical-reference.md §2, model version "2024.09.28-calibrated").
public enum LVOModel {
    /// Model version reported with every LVO probability.
    public static let version = "2024.09.28-calibrated"
    /// Yeo-Johnson lambda for GFAP.
    public static let lambda = -0.825559
    /// Standardization of transformed GFAP (mean).
    public static let gfapMean = 0.0
    /// Standardization of transformed GFAP (standard deviation).
    public static let gfapScale = 1.0
    /// Standardization of FAST-ED (mean).
    public static let fastEdMean = 3.701422
    /// Standardization of FAST-ED (standard deviation).
    public static let fastEdScale = 2.306173
    /// Intercept.
    public static let intercept = -0.408314
    /// Coefficient of standardized transformed GFAP.
    public static let gfapCoefficient = -0.826450
    /// Coefficient of standardized FAST-ED.
    public static let fastEdCoefficient = 1.651521
    /// Platt scaling slope: z' = A·z + B.
    public static let plattA = 1.117420
    /// Platt scaling offset.
    public static let plattB = -1.032167
    /// LVO is likely when p ≥ this threshold.
    public static let threshold = 0.333333
    /// FAST-ED is clamped to this range before use.
    public static let fastEdClamp = 0.0...16.0
    /// GFAP above this draws a warning.
    public static let gfapWarningAbove = 50_000.0

    /// Computes the LVO probability.
    /// - Parameters:
    ///   - gfap: GFAP in pg/mL; finite and ≥ 0.
    ///   - fastEd: FAST-ED score; any finite number (clamped to 0…16 with a warning).
    /// - Throws: `ModelsError` for negative or non-finite GFAP, or non-finite FAST-ED.
    public static func predict(gfap: Double, fastEd: Double) throws(ModelsError) -> LVOPrediction {
        var issues: [ValidationIssue] = []
        let gfapAllowed = AllowedRange(lower: 0)
        if !gfapAllowed.contains(gfap) { issues.append(ValidationIssue(field: .gfap, allowed: gfapAllowed, given: gfap)) }
        if !fastEd.isFinite { issues.append(ValidationIssue(field: .fastEd, allowed: AllowedRange(), given: fastEd)) }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }

        var warnings: [ModelWarning] = []
        let used = min(max(fastEd, fastEdClamp.lowerBound), fastEdClamp.upperBound)
        if used != fastEd {
            warnings.append(ModelWarning(code: "fastEd.clamped", arguments: [
                .number(fastEd, maxFractionDigits: 6), .number(used, maxFractionDigits: 0),
            ]))
        }
        if gfap > gfapWarningAbove {
            warnings.append(ModelWarning(code: "gfap.veryHigh", arguments: [.number(gfapWarningAbove, maxFractionDigits: 0)]))
        }
        let t = yeoJohnson(gfap)
        let g = (t - gfapMean) / gfapScale
        let f = (used - fastEdMean) / fastEdScale
        let gfapContribution = gfapCoefficient * g
        let fastEdContribution = fastEdCoefficient * f
        let z = intercept + gfapContribution + fastEdContribution
        let calibrated = plattA * z + plattB
        let p = 1 / (1 + exp(-calibrated))
        return LVOPrediction(
            gfap: gfap, fastEd: fastEd, fastEdUsed: used, probability: p,
            gfapContribution: gfapContribution, fastEdContribution: fastEdContribution, warnings: warnings,
            steps: LVOPrediction.Steps(transformedGfap: t, standardizedGfap: g, standardizedFastEd: f,
                                       linearPredictor: z, calibratedLogit: calibrated))
    }

    /// Yeo-Johnson transform for x ≥ 0: ((x + 1)^λ − 1) / λ, or ln(x + 1) when λ ≈ 0.
    static func yeoJohnson(_ x: Double) -> Double {
        abs(lambda) < 1e-15 ? log(x + 1) : (pow(x + 1, lambda) - 1) / lambda
    }
}

/// An LVO probability with the inputs actually used and each feature's contribution.
public struct LVOPrediction: Sendable, Hashable, Codable {
    /// GFAP as given, pg/mL.
    public let gfap: Double
    /// FAST-ED as given.
    public let fastEd: Double
    /// FAST-ED after clamping to 0…16.
    public let fastEdUsed: Double
    /// Calibrated probability of a large vessel occlusion, 0…1.
    public let probability: Double
    /// Contribution of GFAP in logit units (b_GFAP · g).
    public let gfapContribution: Double
    /// Contribution of FAST-ED in logit units (b_FAST · f).
    public let fastEdContribution: Double
    /// Non-blocking remarks (clamping, extreme GFAP).
    public let warnings: [ModelWarning]
    /// The intermediate values, exactly as computed (for `--explain`).
    public let steps: Steps

    /// The intermediate values of the pipeline (docs/clinical-reference.md §2 steps 3–5).
    public struct Steps: Sendable, Hashable, Codable {
        /// Yeo-Johnson transformed GFAP, t.
        public let transformedGfap: Double
        /// Standardized transformed GFAP, g = (t − μ_G)/σ_G.
        public let standardizedGfap: Double
        /// Standardized FAST-ED, f = (FAST-ED used − μ_F)/σ_F.
        public let standardizedFastEd: Double
        /// Linear predictor z = b0 + b_GFAP·g + b_FAST·f.
        public let linearPredictor: Double
        /// Platt-calibrated logit z' = A·z + B.
        public let calibratedLogit: Double
    }

    /// Whether LVO is likely: p ≥ 0.333333.
    public var lvoLikely: Bool { probability >= LVOModel.threshold }
    /// Whether FAST-ED was clamped.
    public var fastEdClamped: Bool { fastEdUsed != fastEd }
    /// Risk level of the probability.
    public var riskLevel: RiskLevel { RiskLevel(probability: probability) }
}
