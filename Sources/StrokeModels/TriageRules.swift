/// The triage forms' input rules (docs/clinical-reference.md §6): allowed ranges that block,
/// and warnings that keep the value.
///
/// These are stricter than the calculators and the cloud functions. Systolic
/// not above diastolic is an error here (the web app only warns): it is
/// physiologically impossible and almost always means swapped values.
public enum TriageRules {
    /// The allowed values of a triage input.
    public static func allowed(_ field: InputField) -> AllowedRange {
        switch field {
        case .age: return AllowedRange(lower: 0, upper: 120, integer: true)
        case .sbp: return AllowedRange(lower: 60, upper: 300, integer: true)
        case .dbp: return AllowedRange(lower: 30, upper: 200, integer: true)
        case .glucose: return AllowedRange(lower: 10, upper: 1_000)
        case .gfap: return AllowedRange(lower: 29, upper: 10_001)
        case .fastEd: return AllowedRange(lower: 0, upper: Double(FastEdExam.maximumTotal), integer: true)
        case .gcs: return AllowedRange(lower: 3, upper: 15, integer: true)
        case .onsetMinutes: return AllowedRange(lower: 0, upper: maximumOnsetMinutes)
        case .lat: return AllowedRange(lower: -90, upper: 90)
        case .lon: return AllowedRange(lower: -180, upper: 180)
        case .facialPalsy: return FastEdExam.allowedPoints(1)
        case .armWeakness, .speech, .eyeDeviation, .denialNeglect: return FastEdExam.allowedPoints(2)
        case .scaleFacialPalsy, .scaleArmMotor, .scaleLegMotor, .scaleGazeDeviation, .scaleAphasiaAgnosia,
             .scaleFacialDroop, .scaleArmDrift, .scaleGripStrength, .scaleLocQuestionsAndCommands, .scaleLocQuestions,
             .scaleArmWeakness, .scaleVision, .scaleAphasia, .scaleNeglect:
            // Every `scale.*` field is one item's `field` (InputCatalogueTests); the empty
            // range is never reached, and would reject the value rather than crash.
            return ScaleItem(field: field)?.allowed ?? AllowedRange(lower: 0, upper: 0, integer: true)
        case .race, .nihss, .lvoProbability, .toThrombolysis, .toThrombectomy, .transferMinutes, .doorToNeedle,
             .doorToPuncture:
            return OutcomeModel.allowed(field)
        }
    }

    /// Longest accepted time since onset or last known well: 7 days, in minutes.
    public static let maximumOnsetMinutes = 10_080.0
    /// GFAP above this draws "extremely high, verify the lab value".
    public static let gfapExtremeAbove = 8_000.0
    /// Ages below this draw "the assessment is meant for adults".
    public static let adultAge = 18.0

    /// Checks one value: a blocking issue, or `nil` and any warnings.
    public static func check(_ field: InputField, _ value: Double) -> FieldCheck {
        let range = allowed(field)
        guard range.contains(value) else {
            return FieldCheck(issue: ValidationIssue(field: field, allowed: range, given: value), warnings: [])
        }
        return FieldCheck(issue: nil, warnings: warnings(field, value))
    }

    /// Checks that systolic is above diastolic.
    public static func checkPressures(systolic: Double, diastolic: Double) -> ValidationIssue? {
        guard systolic <= diastolic else { return nil }
        return ValidationIssue(field: .sbp, allowed: allowed(.sbp), given: systolic, relation: .systolicAboveDiastolic)
    }

    private static func warnings(_ field: InputField, _ value: Double) -> [ModelWarning] {
        switch field {
        case .age where value < adultAge:
            return [ModelWarning(code: "age.minor", arguments: [.number(adultAge, maxFractionDigits: 0)])]
        case .gfap where value > gfapExtremeAbove:
            return [ModelWarning(code: "gfap.extreme", arguments: [.number(gfapExtremeAbove, maxFractionDigits: 0)])]
        case .fastEd where value >= Double(FastEdExam.lvoSuspectedFrom):
            return [ModelWarning(code: "fastEd.suggestsLvo", arguments: [.number(Double(FastEdExam.lvoSuspectedFrom), maxFractionDigits: 0)])]
        case .gcs where DecisionRules.isComatose(gcs: Int(value)):
            return [ModelWarning(code: "gcs.considerComa", arguments: [.number(Double(DecisionRules.comaGcsAtMost), maxFractionDigits: 0)])]
        default:
            return []
        }
    }
}

/// The outcome of checking one input value.
public struct FieldCheck: Sendable, Hashable {
    /// The blocking problem, if any.
    public let issue: ValidationIssue?
    /// Non-blocking remarks; the value is kept.
    public let warnings: [ModelWarning]
}
