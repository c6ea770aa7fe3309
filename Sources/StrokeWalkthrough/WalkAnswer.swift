import StrokeModels

/// A stored answer to one step.
enum WalkAnswer: Hashable, Sendable {
    /// A yes/no answer.
    case bool(Bool)
    /// A number, already checked against its field's rules.
    case number(Double)
    /// FAST-ED: the guided calculator was chosen.
    case guided
    /// An optional question was skipped with Enter.
    case skipped
    /// A location.
    case coordinate(Coordinate)
}
