// The triage decision's thresholds (each once) and the urgency they decide.

/// The thresholds of the triage decision, each once (docs/clinical-reference.md
/// §8, §11 and §12 give every number with its source).
///
/// Routing, the recommendations, the text and JSON forms, the case sent to a
/// hospital and the board read these constants; strings receive them as
/// arguments and never type them in.
public enum DecisionRules {
    /// ICH probability at or above which the decision is `immediate` and the
    /// nearest neurosurgical center is chosen (§8: 0.50).
    public static let ichImmediateFrom = 0.50
    /// ICH probability at or above which ICH is uncertain: `urgent`, a
    /// neurosurgical or comprehensive center (§8: 0.30).
    public static let ichUrgentFrom = 0.30
    /// ICH probability at or above which the crew is reminded to reconfirm the
    /// time of onset before any thrombolysis: the lower edge of the medium risk
    /// band (§4, §12; no published source, see §13).
    public static let ichReminderFrom = RiskLevel.mediumFrom
    /// The thrombolysis window in minutes since onset (§8: 270 = 4.5 h).
    public static let thrombolysisWindowMinutes = 270.0
    /// The latest onset at which a suspected LVO is routed for thrombectomy, in minutes (§8: 24 h).
    public static let lvoOnsetLimitMinutes = 1440.0
    /// The highest GCS that counts as comatose: GCS ≤ 8 (§11). The coma module's
    /// branch, the walkthrough's question, `coma --help` and the warning use it.
    public static let comaGcsAtMost = 8

    /// True when a patient with this GCS is comatose (GCS ≤ `comaGcsAtMost`).
    public static func isComatose(gcs: Int) -> Bool {
        gcs <= comaGcsAtMost
    }

    /// True when onset is unknown or within the thrombolysis window (m ≤ 270).
    public static func withinThrombolysisWindow(_ onsetMinutes: Double?) -> Bool {
        onsetMinutes.map { $0 <= thrombolysisWindowMinutes } ?? true
    }

    /// True when onset is unknown or within the LVO rule's limit (m ≤ 24 h).
    public static func withinLvoOnsetLimit(_ onsetMinutes: Double?) -> Bool {
        onsetMinutes.map { $0 <= lvoOnsetLimitMinutes } ?? true
    }

    /// A probability threshold as a whole percent argument for a message (0.50 → 50).
    public static func percentArgument(_ fraction: Double) -> MessageArgument {
        .number((fraction * 100).rounded(), maxFractionDigits: 0)
    }

    /// A threshold as a percent argument with one decimal (0.333333 → 33.3).
    public static func precisePercentArgument(_ fraction: Double) -> MessageArgument {
        .number((fraction * 1000).rounded() / 10, maxFractionDigits: 1)
    }
}

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
