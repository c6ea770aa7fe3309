// The FAST-ED exam and whether it agrees with the LVO model's probability.

/// A FAST-ED exam (Field Assessment Stroke Triage for Emergency Destination), docs/clinical-reference.md §3.
///
/// Total 0…9; a total ≥ 4 suggests a large vessel occlusion.
public struct FastEdExam: Sendable, Hashable, Codable {
    /// Facial palsy: 0 normal, 1 present.
    public let facialPalsy: Int
    /// Arm weakness: 0 none, 1 drift, 2 falls or no effort.
    public let armWeakness: Int
    /// Speech changes: 0 none, 1 mild, 2 severe.
    public let speech: Int
    /// Eye deviation: 0 none, 1 partial, 2 forced.
    public let eyeDeviation: Int
    /// Denial or neglect: 0 none, 1 partial, 2 complete.
    public let denialNeglect: Int

    /// The points each item allows, in the order the exam asks them.
    public static let items: [(field: InputField, maxPoints: Int)] = [
        (.facialPalsy, 1), (.armWeakness, 2), (.speech, 2), (.eyeDeviation, 2), (.denialNeglect, 2),
    ]
    /// A total at or above this suggests LVO.
    public static let lvoSuspectedFrom = 4
    /// The highest possible total.
    public static let maximumTotal = 9

    /// Creates an exam, checking every item against its allowed points.
    /// - Throws: `ModelsError` naming every item out of range.
    public init(facialPalsy: Int, armWeakness: Int, speech: Int, eyeDeviation: Int, denialNeglect: Int) throws(ModelsError) {
        let values = [facialPalsy, armWeakness, speech, eyeDeviation, denialNeglect]
        var issues: [ValidationIssue] = []
        for (item, value) in zip(Self.items, values) {
            let allowed = Self.allowedPoints(item.maxPoints)
            if !allowed.contains(Double(value)) {
                issues.append(ValidationIssue(field: item.field, allowed: allowed, given: Double(value)))
            }
        }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        self.facialPalsy = facialPalsy
        self.armWeakness = armWeakness
        self.speech = speech
        self.eyeDeviation = eyeDeviation
        self.denialNeglect = denialNeglect
    }

    /// The allowed points of an item with the given maximum.
    public static func allowedPoints(_ maxPoints: Int) -> AllowedRange {
        AllowedRange(lower: 0, upper: Double(maxPoints), integer: true)
    }

    /// Sum of the five items, 0…9.
    public var total: Int { facialPalsy + armWeakness + speech + eyeDeviation + denialNeglect }
    /// Whether the total suggests a large vessel occlusion (total ≥ 4).
    public var lvoSuspected: Bool { total >= Self.lvoSuspectedFrom }
    /// Derived model input: arm paresis when arm weakness > 0.
    public var armParesis: Bool { armWeakness > 0 }
    /// Derived model input: eye deviation when the eye item > 0.
    public var hasEyeDeviation: Bool { eyeDeviation > 0 }
    /// The findings the items determine (`armParesis`, `hasEyeDeviation`): not asked when the items are.
    public static let derivedKeys: Set<InputKey> = [.armParesis, .eyeDeviation]
}

/// Whether the FAST-ED scale and the LVO probability point the same way.
///
/// FAST-ED suggests a large vessel occlusion from `FastEdExam.lvoSuspectedFrom`
/// points (docs/clinical-reference.md §3); the LVO model is LVO-positive from
/// `LVOModel.threshold` (docs/clinical-reference.md §2), both as the protocol sets them.
/// When they differ, the safer reading is the one that suggests LVO: clinical
/// findings take precedence over the estimate. The statement says the estimate
/// "weighs GFAP" only when GFAP moves it (`gfapMoves`).
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
    /// Whether the probability is the local model's (only then can GFAP's part be checked).
    public let localModel: Bool
    /// The FAST-ED cut-off compared (the protocol's `lvo.fastEdFrom`).
    public let fastEdCutOff: Double
    /// The estimate's threshold compared (the protocol's `lvo.modelThreshold`).
    public let probabilityThreshold: Double

    /// FAST-ED at or above this suggests LVO.
    public static let fastEdThreshold = FastEdExam.lvoSuspectedFrom
    /// An LVO probability at or above this is LVO-positive.
    public static let modelThreshold = LVOModel.threshold

    /// Compares a FAST-ED total with an LVO probability under the protocol's cut-offs.
    /// - Parameter localModel: the probability is the local model's (GFAP can then be checked).
    public init(fastEd: Int, probability: Double, localModel: Bool = false, rules: TriageProtocol = .standard) {
        self.fastEd = fastEd
        self.probability = probability
        self.fastEdCutOff = rules[.lvoFastEdFrom]
        self.probabilityThreshold = rules[.lvoModelThreshold]
        self.localModel = localModel
        switch (Double(fastEd) >= fastEdCutOff, probability >= probabilityThreshold) {
        case (true, true): status = .bothSuggestLvo
        case (false, false): status = .neitherSuggestsLvo
        case (true, false): status = .onlyScaleSuggestsLvo
        case (false, true): status = .onlyModelSuggestsLvo
        }
    }

    /// The comparison for an assessment, when it has both a FAST-ED total and an LVO probability.
    public init?(_ assessment: Assessment, rules: TriageProtocol = .standard) {
        guard let fastEd = assessment.inputs.fastEd, let p = assessment.lvo?.probability else { return nil }
        self.init(fastEd: fastEd, probability: p, localModel: assessment.lvo?.source == .local, rules: rules)
    }

    /// Whether GFAP can move the local estimate across its threshold at this FAST-ED total:
    /// the estimate at the lowest and highest accepted GFAP (29 and 10 001 pg/mL) fall on
    /// different sides of it (docs/clinical-reference.md §12). Always false for the cloud's
    /// estimate. Computed only when the statement is written, never for every assessment.
    public var gfapMoves: Bool {
        let range = TriageRules.allowed(.gfap)
        guard localModel, let low = try? LVOModel.predict(gfap: range.lower!, fastEd: Double(fastEd)),
              let high = try? LVOModel.predict(gfap: range.upper!, fastEd: Double(fastEd)) else { return false }
        return (low.probability >= probabilityThreshold) != (high.probability >= probabilityThreshold)
    }

    /// Whether the scale and the model point the same way.
    public var agrees: Bool { status == .bothSuggestLvo || status == .neitherSuggestsLvo }

    /// Whether the safer reading is a suspected LVO (either source suggests it).
    public var lvoSuspected: Bool { status != .neitherSuggestsLvo }

    /// The one hedged statement that reconciles the two, naming both and why they can differ.
    public var message: Message {
        let percent = PercentDisplay.reasonArgument(probability, edges: [probabilityThreshold])
        let args: [MessageArgument] = [.number(Double(fastEd), maxFractionDigits: 0), .number(fastEdCutOff, maxFractionDigits: 0),
                                         percent, DecisionRules.precisePercentArgument(probabilityThreshold)]
        return Message("lvo.agreement.\(status.rawValue)" + (gfapMoves ? ".gfap" : ""), args)
    }
}
