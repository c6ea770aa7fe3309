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
    /// A yes/no finding of the input catalogue (`InputKey.isBoolean`).
    case finding(InputKey)
    /// One item of a configured prehospital LVO scale (RACE, LAMS, …), asked once even when several scales share it.
    case scaleItem(ScaleItem)
    /// Minutes since symptom onset or last known well (Enter skips).
    case onset
    /// The location as a German place or `lat,lon` (Enter skips).
    case location
    /// The summary and `Compute? [Y/n/b]`.
    case confirm

    /// The arguments of the step's question and help, so that no clinical number is typed into the
    /// strings: the coma edge, the ICH baseline's lowest age, the FAST-ED maximum, the longest onset in days.
    public var questionArguments: [MessageArgument] {
        switch self {
        case .comatose: [.number(Double(DecisionRules.comaGcsAtMost), maxFractionDigits: 0)]
        case .number(.age): [.number(ICHBaseline.allowedAge.lower ?? 0, maxFractionDigits: 0)]
        case .fastEd: [.number(Double(FastEdExam.maximumTotal), maxFractionDigits: 0)]
        case .onset: [.number(TriageRules.maximumOnsetMinutes / 1440, maxFractionDigits: 0)]
        default: []
        }
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
    /// The question of a catalogue input: the FAST-ED total (with its calculator), a number, a finding or a scale item.
    init(asking key: InputKey) {
        switch key.kind {
        case .number(let field): self = key == .fastEd ? .fastEd : .number(field)
        case .finding: self = .finding(key)
        case .scaleItem(let item): self = .scaleItem(item)
        }
    }

    /// The catalogue input the step sets, `nil` for the branch questions, the calculator items,
    /// onset, location and the confirmation.
    var inputKey: InputKey? {
        switch self {
        case .number(let field): return InputKey(field: field)
        case .fastEd: return .fastEd
        case .finding(let key): return key
        case .scaleItem(let item): return InputKey.scaleKeys.first { $0.scaleItem == item }
        default: return nil
        }
    }

    /// Whether this step asks for the given input field.
    func asks(_ field: InputField) -> Bool {
        switch (self, field) {
        case (.number(let f), _): return f == field
        case (.fastEd, .fastEd), (.onset, .onsetMinutes), (.location, .lat), (.location, .lon): return true
        case (.fastEdItem(let f), _): return f == field
        case (.scaleItem(let item), _): return item.field == field
        default: return false
        }
    }
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
        case .number(let field) where InputKey(field: field)?.isOptional == true:
            // Optional: Enter while pending or not measured (`?` names GFAP's below-range words).
            return Message("walk.detail.\(field.rawValue)", [.message(TriageRules.allowed(field).message)])
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
