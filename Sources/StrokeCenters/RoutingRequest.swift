import StrokeModels

/// What the routing decision needs to know about the patient and place.
public struct RoutingRequest: Sendable, Hashable {
    /// Where the patient is.
    public let origin: Coordinate
    /// ICH probability 0…1, or `nil` when no ICH estimate exists (routed conservatively).
    public let ichProbability: Double?
    /// LVO probability 0…1, if known.
    public let lvoProbability: Double?
    /// FAST-ED score 0…9, if known (used when no LVO probability is given).
    public let fastEd: Double?
    /// Minutes since symptom onset, or `nil` when unknown.
    public let onsetMinutes: Double?

    /// Creates a request.
    public init(origin: Coordinate, ichProbability: Double?, lvoProbability: Double? = nil, fastEd: Double? = nil, onsetMinutes: Double? = nil) {
        self.origin = origin
        self.ichProbability = ichProbability
        self.lvoProbability = lvoProbability
        self.fastEd = fastEd
        self.onsetMinutes = onsetMinutes
    }
}
