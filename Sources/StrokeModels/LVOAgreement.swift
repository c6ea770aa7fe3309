/// Whether the FAST-ED scale and the LVO probability point the same way.
///
/// FAST-ED suggests a large vessel occlusion from `FastEdExam.lvoSuspectedFrom`
/// points (docs/clinical-reference.md §3); the LVO model is LVO-positive from
/// `LVOModel.threshold` (docs/clinical-reference.md §2). The two can differ because the model
/// also weighs GFAP. When they differ, the safer reading is the one that
/// suggests LVO: clinical findings take precedence over the estimate.
public struct LVOAgreement: Sendable, Hashable, Codable {
    /// How the scale and the model relate.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Both suggest LVO.
        case bothSuggestLvo
        /// Neither suggests LVO.
        case neitherSuggestsLvo
        /// FAST-ED suggests LVO, the model's probability is below its threshold.
        case onlyScaleSuggestsLvo
        /// The model's probability is at or above its threshold, FAST-ED is below its own.
        case onlyModelSuggestsLvo
    }

    /// The FAST-ED total that was compared.
    public let fastEd: Int
    /// The LVO probability that was compared (cloud or local).
    public let probability: Double
    /// The relation.
    public let status: Status

    /// FAST-ED at or above this suggests LVO.
    public static let fastEdThreshold = FastEdExam.lvoSuspectedFrom
    /// An LVO probability at or above this is LVO-positive.
    public static let modelThreshold = LVOModel.threshold

    /// Compares a FAST-ED total with an LVO probability.
    public init(fastEd: Int, probability: Double) {
        self.fastEd = fastEd
        self.probability = probability
        switch (fastEd >= Self.fastEdThreshold, probability >= Self.modelThreshold) {
        case (true, true): status = .bothSuggestLvo
        case (false, false): status = .neitherSuggestsLvo
        case (true, false): status = .onlyScaleSuggestsLvo
        case (false, true): status = .onlyModelSuggestsLvo
        }
    }

    /// The comparison for an assessment, when it has both a FAST-ED total and an LVO probability.
    public init?(_ assessment: Assessment) {
        guard let fastEd = assessment.inputs.fastEd, let p = assessment.lvo?.probability else { return nil }
        self.init(fastEd: fastEd, probability: p)
    }

    /// Whether the scale and the model point the same way.
    public var agrees: Bool { status == .bothSuggestLvo || status == .neitherSuggestsLvo }

    /// Whether the safer reading is a suspected LVO (either source suggests it).
    public var lvoSuspected: Bool { status != .neitherSuggestsLvo }

    /// The one hedged statement that reconciles the two, naming both and why they can differ.
    public var message: Message {
        let percent = MessageArgument.number((probability * 100).rounded(), maxFractionDigits: 0)
        let args: [MessageArgument] = [.number(Double(fastEd), maxFractionDigits: 0), .number(Double(Self.fastEdThreshold), maxFractionDigits: 0),
                                         percent, DecisionRules.precisePercentArgument(Self.modelThreshold)]
        return Message("lvo.agreement.\(status.rawValue)", args)
    }
}
