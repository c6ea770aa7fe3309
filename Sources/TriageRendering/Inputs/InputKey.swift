import StrokeModels

/// The names of the triage inputs in every machine-readable form, in one place:
/// the JSON `inputs` object and JSON Lines batch input use `json`; CSV batch
/// headers use `csv` (the one-shot flag names with underscores); the one-shot
/// commands use `--flag`. Ranges come from `TriageRules` (through `field`),
/// labels from the localization tables (`messageKey`), modules from `TriageModule.inputKeys`.
public enum InputKey: String, CaseIterable, Sendable {
    case age, sbp, dbp, gfap, fastEd, headache, legParesis, armParesis, eyeDeviation
    case reducedVigilance, atrialFibrillation, anticoagulated, antiplatelets, onsetMinutes, lat, lon
    // The items of the other prehospital LVO scales (batch `--module scales`), named as `ScaleItem`.
    case facialPalsy, armMotor, legMotor, gazeDeviation, aphasiaAgnosia, facialDroop, armDrift, gripStrength
    case locQuestionsAndCommands, locQuestions, armWeakness, vision, aphasia, neglect

    /// The scale items' keys, in `ScaleItem` order.
    public static let scaleKeys: [InputKey] = ScaleItem.allCases.map { InputKey(rawValue: $0.rawValue)! }

    /// The scale item of this key, `nil` for the triage inputs.
    public var scaleItem: ScaleItem? { ScaleItem(rawValue: rawValue) }

    /// Key in JSON objects (camelCase).
    public var json: String { rawValue }

    /// The one-shot flag, e.g. `--fast-ed`.
    public var flag: String { "--" + words.joined(separator: "-") }

    /// CSV header name, e.g. `fast_ed`.
    public var csv: String { words.joined(separator: "_") }

    /// Whether the input is a yes/no flag.
    public var isBoolean: Bool {
        switch self {
        case .headache, .legParesis, .armParesis, .eyeDeviation, .reducedVigilance,
             .atrialFibrillation, .anticoagulated, .antiplatelets: return true
        default: return false
        }
    }

    /// The triage rules' field of a numeric input (its allowed range and unit); `nil` for yes/no flags.
    public var field: InputField? {
        switch self {
        case .sbp: return .systolic
        case .dbp: return .diastolic
        case .lat: return .latitude
        case .lon: return .longitude
        case .age, .gfap, .fastEd, .onsetMinutes: return InputField(rawValue: rawValue)
        default: return scaleItem.flatMap { InputField(rawValue: "scale." + $0.rawValue) }
        }
    }

    /// The allowed values (`TriageRules.allowed`), `nil` for yes/no flags.
    public var allowedRange: AllowedRange? { field.map(TriageRules.allowed) }

    /// The localization key of the input's label (`field.*`, or `walk.finding.*` for the yes/no findings).
    public var messageKey: String { field?.messageKey ?? "walk.finding.\(rawValue)" }

    private var words: [String] {
        var words: [String] = []
        var current = ""
        for c in rawValue {
            if c.isUppercase, !current.isEmpty { words.append(current); current = "" }
            current.append(Character(c.lowercased()))
        }
        words.append(current)
        return words
    }

    /// The inputs a module reads, in the order the form asks them (`TriageModule.inputKeys`).
    public static func keys(for module: TriageModule) -> [InputKey] {
        keysByModule[module] ?? []
    }

    /// `keys(for:)` of every module, mapped from the names once per process (the local
    /// API asks several times per `/v1/assess`; each name was a string switch).
    private static let keysByModule: [TriageModule: [InputKey]] = Dictionary(
        uniqueKeysWithValues: TriageModule.allCases.map { module in (module, module.inputKeys.map { InputKey(rawValue: $0)! }) })
}
