import StrokeModels

/// What happened after one line of input.
public enum WalkEvent: Hashable, Sendable {
    /// The answer was taken. Warnings keep the value; notes are informative
    /// (e.g. the chosen module, the calculator's total).
    case accepted(warnings: [ModelWarning], notes: [Message])
    /// The answer was not taken; the same question is asked again.
    case invalid(Message)
    /// Help for the current question; it is asked again.
    case help(Message)
    /// Went back one question.
    case wentBack
    /// `b` on the first question: there is nothing to go back to.
    case cannotGoBack
    /// The user confirmed: compute these validated inputs (the warnings are `validate()`'s).
    case compute(TriageInputs, warnings: [ModelWarning])
    /// The user answered "no" to `Compute?`: end without a result.
    case declined
}
