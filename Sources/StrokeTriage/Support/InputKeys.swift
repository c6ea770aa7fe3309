import StrokeModels

/// The names of the triage inputs in every machine-readable form, in one place:
/// the JSON `inputs` object and JSON Lines batch input use `json`; CSV batch
/// headers use `csv` (the one-shot flag names with underscores); the one-shot
/// commands use `--flag`.
enum InputKey: String, CaseIterable, Sendable {
    case age, sbp, dbp, gfap, fastEd, headache, legParesis, armParesis, eyeDeviation
    case reducedVigilance, atrialFibrillation, anticoagulated, antiplatelets, onsetMinutes, lat, lon
    // The items of the other prehospital LVO scales (batch `--module scales`), named as `ScaleItem`.
    case facialPalsy, armMotor, legMotor, gazeDeviation, aphasiaAgnosia, facialDroop, armDrift, gripStrength
    case locQuestionsAndCommands, locQuestions, armWeakness, vision, aphasia, neglect

    /// The scale items' keys, in `ScaleItem` order.
    static let scaleKeys: [InputKey] = ScaleItem.allCases.map { InputKey(rawValue: $0.rawValue)! }

    /// The scale item of this key, `nil` for the triage inputs.
    var scaleItem: ScaleItem? { ScaleItem(rawValue: rawValue) }

    /// Key in JSON objects (camelCase).
    var json: String { rawValue }

    /// The one-shot flag, e.g. `--fast-ed`.
    var flag: String { "--" + words.joined(separator: "-") }

    /// CSV header name, e.g. `fast_ed`.
    var csv: String { words.joined(separator: "_") }

    /// Whether the input is a yes/no flag.
    var isBoolean: Bool {
        switch self {
        case .headache, .legParesis, .armParesis, .eyeDeviation, .reducedVigilance,
             .atrialFibrillation, .anticoagulated, .antiplatelets: return true
        default: return false
        }
    }

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
    static func keys(for module: TriageModule) -> [InputKey] {
        module.inputKeys.map { InputKey(rawValue: $0)! }
    }
}
