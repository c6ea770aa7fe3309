// The triage decision's fixed constants and the urgency the protocol decides.

/// Constants of the decision that are not protocol values, and the default
/// protocol's values for help texts (docs/clinical-reference.md §8, §11, §12).
///
/// The decision itself reads its thresholds from a `TriageProtocol`; these
/// forward to `TriageProtocol.standard` for texts that name the defaults.
public enum DecisionRules {
    /// The default protocol's ICH probability for `immediate` (0.50).
    public static var ichImmediateFrom: Double { TriageProtocol.standard[.ichImmediateFrom] }
    /// The default protocol's reminder edge (0.25).
    public static var ichReminderFrom: Double { TriageProtocol.standard[.ichReminderFrom] }
    /// The highest GCS that counts as comatose: GCS ≤ 8 (§11). The coma module's
    /// branch, the walkthrough's question, `coma --help` and the warning use it.
    public static let comaGcsAtMost = 8

    /// True when a patient with this GCS is comatose (GCS ≤ `comaGcsAtMost`).
    public static func isComatose(gcs: Int) -> Bool {
        gcs <= comaGcsAtMost
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
/// (docs/clinical-reference.md §12). Most urgent first:
///
/// | urgency | when (p = decision-grade ICH probability, m = minutes since onset, unknown = window open) |
/// | --- | --- |
/// | `immediate` | p ≥ `ich.immediateFrom` (0.50) |
/// | `timeCritical` | coma (GCS ≤ 8) at any onset; a treatment window is open now: LVO suspected with m ≤ 24 h, or m ≤ 4.5 h |
/// | `urgent` | p ≥ `ich.uncertainFrom` (0.30), or a suspected stroke with m ≤ 24 h |
/// | `standard` | m > 24 h and no decision-grade ICH ≥ 0.30 |
///
/// A number that is not decision-grade (the offline baseline) never changes the
/// urgency; a missing one never raises or lowers it. A comatose patient is never below
/// `timeCritical`: a basilar occlusion is treated up to 24 h (ATTENTION, BAOCHE) and,
/// past any window, GCS ≤ 8 is a threatened airway, never routine (a local-protocol
/// choice, docs/clinical-reference.md §12).
public enum TriageUrgency: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// More than 24 h since onset, ICH not likely by a decision-grade estimate: standard transport.
    case standard
    /// Within 24 h, no window for an acute treatment open, or a decision-grade ICH uncertain.
    case urgent
    /// A treatment window is open now (thrombolysis, or thrombectomy for a suspected LVO).
    case timeCritical
    /// ICH likely by a decision-grade estimate: pre-alert neurosurgery.
    case immediate

    /// The vocabulary, most urgent first (the protocol prints it so).
    public static let mostUrgentFirst: [TriageUrgency] = [.immediate, .timeCritical, .urgent, .standard]

    /// The urgency of an assessment's findings under `rules`.
    /// - Parameters:
    ///   - ichProbability: the decision-grade ICH probability 0…1, or `nil` when none (absent or not decision-grade).
    ///   - lvoSuspected: the LVO verdict (`LVOVerdict.suspected`); `nil` counts as not suspected.
    ///   - comatose: the coma module (a basilar artery occlusion cannot be excluded): at least `timeCritical`.
    ///   - onsetMinutes: minutes since onset or last known well, `nil` when unknown.
    public init(ichProbability: Double?, lvoSuspected: Bool?, comatose: Bool = false, onsetMinutes: Double?,
                rules: TriageProtocol = .standard) {
        if let p = ichProbability, p >= rules[.ichImmediateFrom] {
            self = .immediate
        } else if comatose {
            self = .timeCritical
        } else if lvoSuspected == true && rules.withinThrombectomyWindow(onsetMinutes) {
            self = .timeCritical
        } else if rules.withinThrombolysisWindow(onsetMinutes) {
            self = .timeCritical
        } else if let p = ichProbability, p >= rules[.ichUncertainFrom] {
            self = .urgent
        } else if rules.withinThrombectomyWindow(onsetMinutes) {
            self = .urgent
        } else {
            self = .standard
        }
    }

    /// Urgencies ordered from standard to immediate (the board sorts by this, highest first).
    public static func < (a: TriageUrgency, b: TriageUrgency) -> Bool {
        a.rank < b.rank
    }

    private var rank: Int { Self.mostUrgentFirst.count - 1 - Self.mostUrgentFirst.firstIndex(of: self)! }
}
