/// One exam finding scored by the other prehospital LVO scales (RACE, LAMS,
/// CPSSS, PASS, VAN). A finding that several scales score the same way is one
/// item, asked once: gaze deviation (RACE, CPSSS, PASS) and arm weakness
/// (CPSSS, PASS, VAN). `docs/clinical-scales.md` gives each item's wording.
public enum ScaleItem: String, Sendable, Hashable, Codable, CaseIterable {
    /// RACE facial palsy: 0 absent, 1 mild, 2 moderate to severe.
    case facialPalsy
    /// RACE arm motor function: 0 normal to mild, 1 moderate, 2 severe.
    case armMotor
    /// RACE leg motor function: 0 normal to mild, 1 moderate, 2 severe.
    case legMotor
    /// Head and gaze deviation (RACE), conjugate gaze deviation (CPSSS), gaze palsy or deviation (PASS): 0 absent, 1 present.
    case gazeDeviation
    /// RACE aphasia (right-sided weakness) or agnosia (left-sided weakness): 0 normal, 1 moderate, 2 severe.
    case aphasiaAgnosia
    /// LAMS facial droop: 0 absent, 1 present.
    case facialDroop
    /// LAMS arm drift: 0 absent, 1 drifts down, 2 falls rapidly.
    case armDrift
    /// LAMS grip strength: 0 normal, 1 weak grip, 2 no grip.
    case gripStrength
    /// CPSSS: fails at least one level-of-consciousness question and at least one command: 0 no, 1 yes.
    case locQuestionsAndCommands
    /// PASS: abnormal level-of-consciousness questions (month, age): 0 no, 1 yes.
    case locQuestions
    /// Arm weakness (CPSSS: cannot hold the arm up 10 s; PASS, VAN: arm weakness): 0 no, 1 yes.
    case armWeakness
    /// VAN visual disturbance (field cut, double vision, new blindness): 0 no, 1 yes.
    case vision
    /// VAN aphasia (expressive, receptive or mixed): 0 no, 1 yes.
    case aphasia
    /// VAN neglect (forced gaze, cannot feel both sides, ignores one side): 0 no, 1 yes.
    case neglect

    /// The item as an input field (for validation messages): `scale.<key>`.
    public var field: InputField {
        switch self {
        case .facialPalsy: return .scaleFacialPalsy
        case .armMotor: return .scaleArmMotor
        case .legMotor: return .scaleLegMotor
        case .gazeDeviation: return .scaleGazeDeviation
        case .aphasiaAgnosia: return .scaleAphasiaAgnosia
        case .facialDroop: return .scaleFacialDroop
        case .armDrift: return .scaleArmDrift
        case .gripStrength: return .scaleGripStrength
        case .locQuestionsAndCommands: return .scaleLocQuestionsAndCommands
        case .locQuestions: return .scaleLocQuestions
        case .armWeakness: return .scaleArmWeakness
        case .vision: return .scaleVision
        case .aphasia: return .scaleAphasia
        case .neglect: return .scaleNeglect
        }
    }

    /// The item of a `scale.*` input field (the item whose `field` it is), `nil` for other fields.
    public init?(field: InputField) {
        guard let item = ScaleItem.allCases.first(where: { $0.field == field }) else { return nil }
        self = item
    }

    /// The highest point value of the item (the lowest is 0).
    public var maxPoints: Int {
        switch self {
        case .facialPalsy, .armMotor, .legMotor, .aphasiaAgnosia, .armDrift, .gripStrength: return 2
        default: return 1
        }
    }

    /// Whole numbers from 0 to `maxPoints`.
    public var allowed: AllowedRange { AllowedRange(lower: 0, upper: Double(maxPoints), integer: true) }

    /// The command-line flag, e.g. `--loc-questions-and-commands` (named as the item's `InputKey`).
    public var flag: String { CamelCaseName.flag(rawValue) }

    /// The localization key of the item's short name.
    public var messageKey: String { field.messageKey }
}
