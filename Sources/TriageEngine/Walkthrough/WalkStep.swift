// The walkthrough's questions: each step, the findings it asks, and the prompt shown for it.

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

extension WalkStep {
    /// Whether this step asks for the given input field.
    func asks(_ field: InputField) -> Bool {
        switch (self, field) {
        case (.number(let f), _): return f == field
        case (.fastEd, .fastEd), (.onset, .onsetMinutes), (.location, .latitude), (.location, .longitude): return true
        case (.fastEdItem(let f), _): return f == field
        case (.scaleItem(let item), _): return item.field == field
        default: return false
        }
    }
}

/// The yes/no findings of the limited and full modules.
public enum Finding: String, Hashable, Sendable, CaseIterable {
    /// Headache with the current symptoms (full).
    case headache
    /// Weakness of a leg (full).
    case legParesis
    /// Weakness of an arm (full; from the FAST-ED items when the calculator was used).
    case armParesis
    /// Gaze deviated to one side (full; from the FAST-ED items when the calculator was used).
    case eyeDeviation
    /// Drowsy or less alert, not comatose (limited, full).
    case reducedVigilance
    /// Known atrial fibrillation (full).
    case atrialFibrillation
    /// Taking a NOAC/DOAC (full).
    case anticoagulated
    /// Taking antiplatelet medication (full).
    case antiplatelets
}

/// What to ask for the current step: the question and a detail with the unit,
/// the allowed range and the accepted answers. The terminal adds `> `.
public struct WalkPrompt: Hashable, Sendable {
    /// The step being asked.
    public let step: WalkStep
    /// The question (key `walk.question.<step>`).
    public let question: Message
    /// Unit, allowed range and accepted answers, e.g. "years, a whole number from 0 to 120";
    /// `nil` when the question already names them (`Compute? [Y/n/b]`).
    public let detail: Message?
    /// The guided FAST-ED calculator's running total, while it is in use.
    public let runningTotal: Int?
}

extension Walkthrough {
    /// The question for the current step, with unit, range and accepted answers.
    public var prompt: WalkPrompt {
        WalkPrompt(step: step, question: Message("walk.question.\(step.key)", step.questionArguments), detail: detail, runningTotal: runningTotal)
    }

    private var detail: Message? {
        switch step {
        case .comatose, .examinable, .finding:
            return Message("walk.detail.yesNo")
        case .number(let field):
            return Message("walk.detail.number", [.key("walk.unit.\(field.rawValue)"), .message(TriageRules.allowed(field).message)])
        case .fastEd:
            return Message("walk.detail.fastEd", [.message(TriageRules.allowed(.fastEd).message)])
        case .fastEdItem(let field):
            return Message("walk.detail.item", [
                .message(TriageRules.allowed(field).message), .number(Double(runningTotal ?? 0), maxFractionDigits: 0),
            ])
        case .scaleItem(let item):
            return Message("walk.detail.scaleItem", [.message(item.allowed.message)])
        case .onset:
            return Message("walk.detail.onset", [.message(TriageRules.allowed(.onsetMinutes).message)])
        case .location:
            return Message("walk.detail.location")
        case .confirm:
            return nil
        }
    }
}
