/// How urgently to act on an assessment: the one urgency vocabulary of the
/// decision, the routing, the case sent to a hospital and the hospital's board
/// (docs/clinical-reference.md §12).
///
/// | urgency | when (p = ICH probability, m = minutes since onset) |
/// | --- | --- |
/// | `immediate` | p ≥ 0.50 |
/// | `urgent` | 0.30 ≤ p < 0.50, or p unknown |
/// | `timeCritical` | p < 0.30, and LVO suspected with m ≤ 24 h or unknown, or m ≤ 270 or unknown |
/// | `standard` | otherwise |
///
/// An unknown ICH probability is `urgent`: an unknown risk must never sort
/// behind a known low one (the safer choice).
public enum TriageUrgency: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Outside every time window, ICH unlikely: standard transport.
    case standard
    /// Treatment is time-critical (thrombolysis window or suspected LVO).
    case timeCritical
    /// ICH uncertain or unknown: urgent transport to a center that can treat a bleed.
    case urgent
    /// ICH likely: consider bypassing the local hospital and pre-alerting neurosurgery.
    case immediate

    /// The urgency of an assessment's findings (`DecisionRules`).
    /// - Parameters:
    ///   - ichProbability: the ICH probability 0…1, or `nil` when no estimate exists.
    ///   - lvoSuspected: the LVO verdict (`LVOVerdict.suspected`); `nil` counts as not suspected.
    ///   - onsetMinutes: minutes since onset or last known well, `nil` when unknown.
    public init(ichProbability: Double?, lvoSuspected: Bool?, onsetMinutes: Double?) {
        guard let p = ichProbability, p < DecisionRules.ichUrgentFrom else {
            self = (ichProbability ?? 0) >= DecisionRules.ichImmediateFrom ? .immediate : .urgent
            return
        }
        if lvoSuspected == true, DecisionRules.withinLvoOnsetLimit(onsetMinutes) {
            self = .timeCritical
        } else if DecisionRules.withinThrombolysisWindow(onsetMinutes) {
            self = .timeCritical
        } else {
            self = .standard
        }
    }

    /// Urgencies ordered from standard to immediate (the board sorts by this, highest first).
    public static func < (a: TriageUrgency, b: TriageUrgency) -> Bool {
        a.rank < b.rank
    }

    private var rank: Int {
        switch self {
        case .standard: return 0
        case .timeCritical: return 1
        case .urgent: return 2
        case .immediate: return 3
        }
    }
}
