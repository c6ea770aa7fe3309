/// One step of a calculation, for `--explain`: the value as computed, the
/// formula it came from and where that formula is documented.
public struct TraceStep: Sendable, Hashable {
    /// Stable identifier, also the localization key of the step's label (`trace.<id>`).
    public let id: String
    /// The formula with its constants, in plain mathematical notation.
    public let formula: String
    /// The number this step produced, exactly as used by the next step (`nil` for a verbal result).
    public let value: Double?
    /// A verbal result (a band, a risk level, a flag), when the step has one.
    public let text: String?
    /// Where the formula is documented, e.g. `docs/clinical-reference.md §2 step 3`.
    public let reference: String

    /// Creates a step.
    public init(_ id: String, _ formula: String, value: Double? = nil, text: String? = nil, reference: String) {
        self.id = id
        self.formula = formula
        self.value = value
        self.text = text
        self.reference = reference
    }
}

/// Every step of one model's calculation, in order.
public struct ModelTrace: Sendable, Hashable {
    /// The model name and version.
    public let model: String
    /// The steps, in the order they are computed.
    public let steps: [TraceStep]

    /// Creates a trace.
    public init(model: String, steps: [TraceStep]) {
        self.model = model
        self.steps = steps
    }

    /// The value of the step with the given identifier.
    public func value(_ id: String) -> Double? { steps.first { $0.id == id }?.value }
}

/// The in-repo clinical reference every trace step cites.
let modelsMd = "docs/clinical-reference.md"

extension LVOPrediction {
    /// Every step from the inputs to the probability (docs/clinical-reference.md §2, §4).
    public var trace: ModelTrace {
        let m = LVOModel.self
        let ref = { (step: String) in "\(modelsMd) §2 \(step)" }
        return ModelTrace(model: m.version, steps: [
            TraceStep("lvo.gfap", "GFAP (pg/mL)", value: gfap, reference: ref("step 1")),
            TraceStep("lvo.fastEd", "FAST-ED", value: fastEd, reference: ref("step 1")),
            TraceStep("lvo.clamp", "F = min(max(FAST-ED, \(m.fastEdClamp.lowerBound)), \(m.fastEdClamp.upperBound))",
                      value: fastEdUsed, reference: ref("step 2")),
            TraceStep("lvo.yeoJohnson", "t = ((GFAP + 1)^λ − 1) / λ, λ = \(m.lambda)",
                      value: steps.transformedGfap, reference: ref("step 3")),
            TraceStep("lvo.zGfap", "g = (t − \(m.gfapMean)) / \(m.gfapScale)", value: steps.standardizedGfap, reference: ref("step 4")),
            TraceStep("lvo.zFastEd", "f = (F − \(m.fastEdMean)) / \(m.fastEdScale)", value: steps.standardizedFastEd, reference: ref("step 4")),
            TraceStep("lvo.contributionGfap", "b_GFAP · g = \(m.gfapCoefficient) · g", value: gfapContribution, reference: ref("step 6")),
            TraceStep("lvo.contributionFastEd", "b_FAST · f = \(m.fastEdCoefficient) · f", value: fastEdContribution, reference: ref("step 6")),
            TraceStep("lvo.linear", "z = \(m.intercept) + b_GFAP · g + b_FAST · f", value: steps.linearPredictor, reference: ref("step 5")),
            TraceStep("lvo.platt", "z' = \(m.plattA) · z + (\(m.plattB))", value: steps.calibratedLogit, reference: ref("step 5")),
            TraceStep("lvo.probability", "p = 1 / (1 + e^(−z'))", value: probability, reference: ref("step 5")),
            TraceStep("lvo.threshold", "LVO likely when p ≥ \(m.threshold)", value: m.threshold,
                      text: lvoLikely ? "likely" : "not likely", reference: ref("(threshold)")),
            riskLevelStep("lvo.riskLevel", probability),
        ])
    }
}

extension ICHBaselinePrediction {
    /// Every step from age and GFAP to the baseline probability (docs/clinical-reference.md §7, §4).
    public var trace: ModelTrace {
        let m = ICHBaseline.self
        let ref = "\(modelsMd) §7"
        return ModelTrace(model: m.version, steps: [
            TraceStep("ich.age", "age (years)", value: age, reference: ref),
            TraceStep("ich.gfap", "GFAP (pg/mL)", value: gfap, reference: ref),
            TraceStep("ich.zAge", "a = (age − \(m.ageMean)) / \(m.ageScale)", value: standardizedAge, reference: ref),
            TraceStep("ich.zGfap", "g = (GFAP − \(m.gfapMean)) / \(m.gfapScale)", value: standardizedGfap, reference: ref),
            TraceStep("ich.contributionAge", "\(m.ageCoefficient) · a", value: ageContribution, reference: ref),
            TraceStep("ich.contributionGfap", "\(m.gfapCoefficient) · g", value: gfapContribution, reference: ref),
            TraceStep("ich.linear", "z = \(m.intercept) + (\(m.ageCoefficient) · a) + \(m.gfapCoefficient) · g",
                      value: linearPredictor, reference: ref),
            TraceStep("ich.probability", "p = 1 / (1 + e^(−z))", value: probability, reference: ref),
            riskLevelStep("ich.riskLevel", probability),
        ])
    }
}

/// The risk level of a probability with its band edges (docs/clinical-reference.md §4).
func riskLevelStep(_ id: String, _ p: Double) -> TraceStep {
    let level = RiskLevel(probability: p)
    let edges: [RiskLevel: String] = [
        .low: "p < \(RiskLevel.mediumFrom)",
        .medium: "\(RiskLevel.mediumFrom) ≤ p < \(RiskLevel.highFrom)",
        .high: "\(RiskLevel.highFrom) ≤ p < \(RiskLevel.criticalFrom)",
        .critical: "p ≥ \(RiskLevel.criticalFrom)",
    ]
    return TraceStep(id, edges[level]!, text: level.rawValue, reference: "\(modelsMd) §4")
}
