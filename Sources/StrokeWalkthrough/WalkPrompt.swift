import StrokeModels

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
