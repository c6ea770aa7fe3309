/// Every input a paramedic can enter, with its unit and stable name.
///
/// `rawValue` is the JSON key used in machine-readable output; `messageKey`
/// names the field in the user's language.
public enum InputField: String, Sendable, Hashable, Codable, CaseIterable {
    case age, systolic = "sbp", diastolic = "dbp", gfap, fastEd, gcs, onsetMinutes
    case facialPalsy, armWeakness, speech, eyeDeviation, denialNeglect
    case latitude = "lat", longitude = "lon"

    /// The localization key of the field's name.
    public var messageKey: String { "field.\(rawValue)" }

    /// The unit the value is entered in, or `nil` for scores and flags.
    public var unit: String? {
        switch self {
        case .age: return "years"
        case .systolic, .diastolic: return "mmHg"
        case .gfap: return "pg/mL"
        case .onsetMinutes: return "min"
        case .latitude, .longitude: return "°"
        default: return nil
        }
    }
}
