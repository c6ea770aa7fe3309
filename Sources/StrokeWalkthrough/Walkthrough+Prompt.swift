import StrokeModels

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
