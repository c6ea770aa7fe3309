// The input catalogue: every input's machine-readable names (InputKey) and its validation field (InputField).

/// The input catalogue: every triage input by its names in every machine-readable
/// form, and what it stands for, in one place. The JSON `inputs` object and JSON
/// Lines batch input use `json`; CSV batch headers use `csv` (the one-shot flag
/// names with underscores); the one-shot commands use `--flag`.
///
/// The relationships are written once, here: `kind` ties each key to its
/// validation field (`InputField`, whose range is in `TriageRules`), to its
/// `ScaleItem`, or marks it a yes/no finding; `keys(for:)` lists each module's
/// inputs. Everything else (`field`, `scaleItem`, `isBoolean`, `scaleKeys`,
/// `init(field:)`, `TriageModule.inputKeys`, `TriageModule.fields`) derives from them.
public enum InputKey: String, CaseIterable, Sendable, Codable {
    case age, sbp, dbp, glucose, gfap, fastEd, headache, legParesis, armParesis, eyeDeviation
    case reducedVigilance, atrialFibrillation, anticoagulated, antiplatelets, onsetMinutes, lat, lon
    // The items of the other prehospital LVO scales (batch `--module scales`), named as `ScaleItem`.
    case facialPalsy, armMotor, legMotor, gazeDeviation, aphasiaAgnosia, facialDroop, armDrift, gripStrength
    case locQuestionsAndCommands, locQuestions, armWeakness, vision, aphasia, neglect

    /// What an input key stands for.
    public enum Kind: Sendable, Hashable {
        /// A number checked as this validation field.
        case number(InputField)
        /// A yes/no finding (a flag; absent means no).
        case finding
        /// An item of the other prehospital LVO scales (a number checked as `ScaleItem.field`).
        case scaleItem(ScaleItem)
    }

    /// What the key stands for: the one table of the catalogue.
    public var kind: Kind {
        switch self {
        case .age: return .number(.age)
        case .sbp: return .number(.sbp)
        case .dbp: return .number(.dbp)
        case .glucose: return .number(.glucose)
        case .gfap: return .number(.gfap)
        case .fastEd: return .number(.fastEd)
        case .onsetMinutes: return .number(.onsetMinutes)
        case .lat: return .number(.lat)
        case .lon: return .number(.lon)
        case .headache, .legParesis, .armParesis, .eyeDeviation, .reducedVigilance,
             .atrialFibrillation, .anticoagulated, .antiplatelets: return .finding
        case .facialPalsy: return .scaleItem(.facialPalsy)
        case .armMotor: return .scaleItem(.armMotor)
        case .legMotor: return .scaleItem(.legMotor)
        case .gazeDeviation: return .scaleItem(.gazeDeviation)
        case .aphasiaAgnosia: return .scaleItem(.aphasiaAgnosia)
        case .facialDroop: return .scaleItem(.facialDroop)
        case .armDrift: return .scaleItem(.armDrift)
        case .gripStrength: return .scaleItem(.gripStrength)
        case .locQuestionsAndCommands: return .scaleItem(.locQuestionsAndCommands)
        case .locQuestions: return .scaleItem(.locQuestions)
        case .armWeakness: return .scaleItem(.armWeakness)
        case .vision: return .scaleItem(.vision)
        case .aphasia: return .scaleItem(.aphasia)
        case .neglect: return .scaleItem(.neglect)
        }
    }

    /// The inputs a module reads, in catalogue order (booleans after numbers): the one
    /// list of a module's inputs. `TriageModule.inputKeys`, the CLI's JSON `inputs`, the
    /// batch columns and `Prediction.inputsUsed` derive from it; the walkthrough asks the
    /// optional ones (`isOptional`) last, in this order.
    public static func keys(for module: TriageModule) -> [InputKey] {
        switch module {
        case .coma: return [.glucose, .gfap]
        case .limited: return [.age, .sbp, .dbp, .glucose, .gfap, .reducedVigilance]
        case .full: return [.age, .sbp, .dbp, .glucose, .gfap, .fastEd, .headache, .legParesis, .armParesis, .eyeDeviation,
                            .reducedVigilance, .atrialFibrillation, .anticoagulated, .antiplatelets]
        }
    }

    /// The scale items' keys, in `ScaleItem` order.
    public static let scaleKeys: [InputKey] = ScaleItem.allCases.flatMap { item in allCases.filter { $0.scaleItem == item } }

    /// The key of a validation field, `nil` for fields no key reads (e.g. GCS, the FAST-ED items).
    public init?(field: InputField) {
        guard let key = InputKey.allCases.first(where: { $0.field == field }) else { return nil }
        self = key
    }

    /// The scale item of this key, `nil` for the triage inputs.
    public var scaleItem: ScaleItem? {
        if case .scaleItem(let item) = kind { return item }
        return nil
    }

    /// The triage rules' field of a numeric input (its allowed range and unit); `nil` for yes/no flags.
    public var field: InputField? {
        switch kind {
        case .number(let field): return field
        case .finding: return nil
        case .scaleItem(let item): return item.field
        }
    }

    /// Whether the input is a yes/no flag.
    public var isBoolean: Bool { kind == .finding }

    /// Key in JSON objects (camelCase).
    public var json: String { rawValue }

    /// The one-shot flag, e.g. `--fast-ed`.
    public var flag: String { CamelCaseName.flag(rawValue) }

    /// CSV header name, e.g. `fast_ed`.
    public var csv: String { CamelCaseName.words(rawValue).joined(separator: "_") }

    /// The allowed values (`TriageRules.allowed`), `nil` for yes/no flags.
    public var allowedRange: AllowedRange? { field.map(TriageRules.allowed) }

    /// The localization key of the input's label (`field.*`, or `walk.finding.*` for the yes/no findings).
    public var messageKey: String { field?.messageKey ?? "walk.finding.\(rawValue)" }
}

/// The word split of a camelCase name, shared by the input catalogue's flag and CSV names.
enum CamelCaseName {
    /// The lowercase words of a camelCase name: `fastEd` → `["fast", "ed"]`.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for c in name {
            if c.isUppercase, !current.isEmpty { words.append(current); current = "" }
            current.append(Character(c.lowercased()))
        }
        words.append(current)
        return words
    }

    /// The command-line flag of a camelCase name: `fastEd` → `--fast-ed`.
    static func flag(_ name: String) -> String { "--" + words(name).joined(separator: "-") }
}

/// Every input a paramedic can enter, with its unit and stable name.
///
/// `rawValue` is the JSON key used in machine-readable output; `messageKey`
/// names the field in the user's language.
public enum InputField: String, Sendable, Hashable, Codable, CaseIterable {
    case age, sbp, dbp, glucose, gfap, fastEd, gcs, onsetMinutes
    case facialPalsy, armWeakness, speech, eyeDeviation, denialNeglect
    case lat, lon
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
        case .sbp, .dbp: return "mmHg"
        case .glucose: return "mg/dL"
        case .gfap: return "pg/mL"
        case .onsetMinutes, .toThrombolysis, .toThrombectomy, .transferMinutes, .doorToNeedle, .doorToPuncture:
            return "min"
        case .lat, .lon: return "°"
        default: return nil
        }
    }
}
