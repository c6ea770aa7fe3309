/// Every input a paramedic can enter, with its unit and stable name.
///
/// `rawValue` is the JSON key used in machine-readable output; `messageKey`
/// names the field in the user's language.
public enum InputField: String, Sendable, Hashable, Codable, CaseIterable {
    case age, systolic = "sbp", diastolic = "dbp", gfap, fastEd, gcs, onsetMinutes
    case facialPalsy, armWeakness, speech, eyeDeviation, denialNeglect
    case latitude = "lat", longitude = "lon"
    // The items of the other prehospital LVO scales (RACE, LAMS, CPSSS, PASS, VAN;
    // `ScaleItem.swift`). One finding shared by several scales is one case.
    case scaleFacialPalsy = "scale.facialPalsy", scaleArmMotor = "scale.armMotor", scaleLegMotor = "scale.legMotor"
    case scaleGazeDeviation = "scale.gazeDeviation", scaleAphasiaAgnosia = "scale.aphasiaAgnosia"
    case scaleFacialDroop = "scale.facialDroop", scaleArmDrift = "scale.armDrift", scaleGripStrength = "scale.gripStrength"
    case scaleLocQuestionsAndCommands = "scale.locQuestionsAndCommands", scaleLocQuestions = "scale.locQuestions"
    case scaleArmWeakness = "scale.armWeakness", scaleVision = "scale.vision", scaleAphasia = "scale.aphasia"
    case scaleNeglect = "scale.neglect"
    // The outcome model's inputs (`OutcomeInputs.swift`).
    case race, nihss, lvoProbability = "lvo", toThrombolysis, toThrombectomy, transferMinutes = "transfer"
    case doorToNeedle, doorToPuncture

    /// The localization key of the field's name.
    public var messageKey: String { "field.\(rawValue)" }

    /// The unit the value is entered in, or `nil` for scores and flags.
    public var unit: String? {
        switch self {
        case .age: return "years"
        case .systolic, .diastolic: return "mmHg"
        case .gfap: return "pg/mL"
        case .onsetMinutes, .toThrombolysis, .toThrombectomy, .transferMinutes, .doorToNeedle, .doorToPuncture:
            return "min"
        case .latitude, .longitude: return "°"
        default: return nil
        }
    }
}
