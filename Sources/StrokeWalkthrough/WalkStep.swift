import StrokeModels

/// One question of the walkthrough.
public enum WalkStep: Hashable, Sendable {
    /// "Is the patient comatose (GCS ≤ 8)?" (`DecisionRules.comaGcsAtMost`) — yes leads to the coma module.
    case comatose
    /// "Can the patient be examined neurologically?" — yes: full, no: limited.
    case examinable
    /// A numeric input: age, systolic, diastolic or GFAP.
    case number(InputField)
    /// The FAST-ED total, or `c` for the guided calculator.
    case fastEd
    /// One item of the guided FAST-ED calculator.
    case fastEdItem(InputField)
    /// A yes/no finding.
    case finding(Finding)
    /// One item of a configured prehospital LVO scale (RACE, LAMS, …), asked once even when several scales share it.
    case scaleItem(ScaleItem)
    /// Minutes since symptom onset or last known well (Enter skips).
    case onset
    /// The location as a German place or `lat,lon` (Enter skips).
    case location
    /// The summary and `Compute? [Y/n/b]`.
    case confirm

    /// The arguments of the step's question and help: the coma edge for `comatose`, none otherwise.
    public var questionArguments: [MessageArgument] {
        self == .comatose ? [.number(Double(DecisionRules.comaGcsAtMost), maxFractionDigits: 0)] : []
    }

    /// The stable name of the step, used in localization keys (`walk.question.<key>`, `walk.help.<key>`).
    public var key: String {
        switch self {
        case .comatose: return "comatose"
        case .examinable: return "examinable"
        case .number(let field): return field.rawValue
        case .fastEd: return "fastEd"
        case .fastEdItem(let field): return "item.\(field.rawValue)"
        case .finding(let finding): return "finding.\(finding.rawValue)"
        case .scaleItem(let item): return "scale.\(item.rawValue)"
        case .onset: return "onset"
        case .location: return "location"
        case .confirm: return "confirm"
        }
    }
}
