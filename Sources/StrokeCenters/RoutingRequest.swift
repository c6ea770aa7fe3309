import StrokeModels

/// What the routing decision needs to know about the patient and place.
public struct RoutingRequest: Sendable, Hashable {
    /// Where the patient is.
    public let origin: Coordinate
    /// ICH probability 0…1, or `nil` when no ICH estimate exists (routed conservatively).
    public let ichProbability: Double?
    /// LVO probability 0…1, if known.
    public let lvoProbability: Double?
    /// FAST-ED score 0…9, if known.
    public let fastEd: Double?
    /// Minutes since symptom onset, or `nil` when unknown.
    public let onsetMinutes: Double?
    /// The one LVO-suspected verdict (`LVOVerdict`) of the probability, FAST-ED and any scales.
    public let lvo: LVOVerdict

    /// Creates a request; the LVO verdict comes from `lvoProbability`, `fastEd` and `scales`.
    public init(origin: Coordinate, ichProbability: Double?, lvoProbability: Double? = nil, fastEd: Double? = nil,
                onsetMinutes: Double? = nil, scales: [ScaleScore] = []) {
        self.origin = origin
        self.ichProbability = ichProbability
        self.lvoProbability = lvoProbability
        self.fastEd = fastEd
        self.onsetMinutes = onsetMinutes
        self.lvo = LVOVerdict(lvoProbability: lvoProbability, fastEd: fastEd.map { Int($0) }, scales: scales)
    }

    /// The decision's urgency for this request (`TriageUrgency`): the same rule as every front-end.
    public var urgency: TriageUrgency {
        TriageUrgency(ichProbability: ichProbability, lvoSuspected: lvo.suspected, onsetMinutes: onsetMinutes)
    }
}
