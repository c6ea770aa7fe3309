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
}
