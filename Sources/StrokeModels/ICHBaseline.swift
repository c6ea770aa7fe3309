#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The offline ICH **baseline**: an age + GFAP logistic regression kept for
/// research comparison (docs/clinical-reference.md §7; ROC-AUC 0.789). It is poorly calibrated
/// at low GFAP and is no substitute for the cloud models.
public enum ICHBaseline {
    /// Model label shown with every baseline probability.
    public static let version = "ich-baseline-age-gfap-logistic"
    /// Mean age of the cohort, also used when age is unknown (coma module).
    public static let ageMean = 74.59
    /// Standard deviation of age.
    public static let ageScale = 12.75
    /// Mean GFAP of the cohort, pg/mL.
    public static let gfapMean = 665.23
    /// Standard deviation of GFAP, pg/mL.
    public static let gfapScale = 2203.77
    /// Intercept.
    public static let intercept = 0.3248
    /// Coefficient of standardized age.
    public static let ageCoefficient = -0.2108
    /// Coefficient of standardized GFAP.
    public static let gfapCoefficient = 3.1631
    /// Ages the baseline applies to (fractional years allowed).
    public static let allowedAge = AllowedRange(lower: 18, upper: 120)
    /// GFAP values the baseline applies to.
    public static let allowedGfap = AllowedRange(lower: 0, lowerExclusive: true)

    /// Computes the baseline ICH probability.
    /// - Parameters:
    ///   - age: years, 18…120.
    ///   - gfap: pg/mL, > 0.
    /// - Throws: `ModelsError` when either is outside its range or not finite.
    public static func predict(age: Double, gfap: Double) throws(ModelsError) -> ICHBaselinePrediction {
        var issues: [ValidationIssue] = []
        if !allowedAge.contains(age) { issues.append(ValidationIssue(field: .age, allowed: allowedAge, given: age)) }
        if !allowedGfap.contains(gfap) { issues.append(ValidationIssue(field: .gfap, allowed: allowedGfap, given: gfap)) }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        let a = (age - ageMean) / ageScale
        let g = (gfap - gfapMean) / gfapScale
        let ageContribution = ageCoefficient * a
        let gfapContribution = gfapCoefficient * g
        let z = intercept + ageContribution + gfapContribution
        let p = 1 / (1 + exp(-z))
        return ICHBaselinePrediction(
            age: age, gfap: gfap, probability: p,
            ageContribution: ageContribution, gfapContribution: gfapContribution,
            standardizedAge: a, standardizedGfap: g, linearPredictor: z)
    }
}

/// A baseline ICH probability with the contribution of each input (logit units).
public struct ICHBaselinePrediction: Sendable, Hashable, Codable {
    /// Age used, years.
    public let age: Double
    /// GFAP used, pg/mL.
    public let gfap: Double
    /// Probability of an intracerebral haemorrhage, 0…1.
    public let probability: Double
    /// Contribution of age, logit units.
    public let ageContribution: Double
    /// Contribution of GFAP, logit units.
    public let gfapContribution: Double
    /// Standardized age, a = (age − 74.59)/12.75 (for `--explain`).
    public let standardizedAge: Double
    /// Standardized GFAP, g = (GFAP − 665.23)/2203.77 (for `--explain`).
    public let standardizedGfap: Double
    /// Linear predictor z = 0.3248 + age contribution + GFAP contribution (for `--explain`).
    public let linearPredictor: Double

    /// Risk level of the probability.
    public var riskLevel: RiskLevel { RiskLevel(probability: probability) }
    /// The standing caveat: a baseline, poorly calibrated at low GFAP.
    public var warnings: [ModelWarning] { [ModelWarning(code: "baseline.caveat")] }
}
