import StrokeModels

/// One line of the summary shown before `Compute?`.
public struct SummaryLine: Hashable, Sendable {
    /// What the value is (a field or finding name).
    public let label: Message
    /// The value, with its unit, or "not given".
    public let value: Message
}
