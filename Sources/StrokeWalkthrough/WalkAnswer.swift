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
    /// A location typed as coordinates.
    case coordinate(Coordinate)
    /// A location typed as a place name: its display name and coordinates.
    case place(String, Coordinate)
}
