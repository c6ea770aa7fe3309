// The local protocol: every threshold and limit the decision uses, as data a medical director can review and change.

/// One value of the local protocol: its key in a protocol file, unit, allowed
/// range, default, published source and where the decision uses it
/// (docs/clinical-reference.md §8, §12 and §13 cite each).
public enum ProtocolKey: String, Sendable, Hashable, CaseIterable, Codable {
    /// Decision-grade ICH probability from which urgency is `immediate` and a neurosurgical center is considered.
    case ichImmediateFrom = "ich.immediateFrom"
    /// Decision-grade ICH probability from which a haemorrhage is uncertain (`urgent`, never a bypass alone).
    case ichUncertainFrom = "ich.uncertainFrom"
    /// Decision-grade ICH probability from which the crew is reminded to reconfirm onset before any lysis.
    case ichReminderFrom = "ich.reminderFrom"
    /// Longest extra drive to a neurosurgical center over the nearest stroke unit for ICH ≥ `ich.immediateFrom`.
    case ichBypassMaxExtraMinutes = "ich.bypassMaxExtraMinutes"
    /// The LVO model's probability from which it suggests an LVO.
    case lvoModelThreshold = "lvo.modelThreshold"
    /// The FAST-ED total from which the exam suggests an LVO.
    case lvoFastEdFrom = "lvo.fastEdFrom"
    /// Longest extra drive to a thrombectomy center over the nearest thrombolysis hospital, inside the lysis window.
    case lvoBypassMaxExtraMinutes = "lvo.bypassMaxExtraMinutes"
    /// The same limit once the thrombolysis window has passed (no lysis to lose at the nearer hospital).
    case lvoBypassMaxExtraMinutesLate = "lvo.bypassMaxExtraMinutesAfterLysisWindow"
    /// The thrombolysis window in minutes since onset or last known well.
    case thrombolysisWindowMinutes = "window.thrombolysisMinutes"
    /// The thrombectomy window in minutes since onset or last known well.
    case thrombectomyWindowMinutes = "window.thrombectomyMinutes"
    /// Systolic pressure (mmHg) at or above which it must be lowered before thrombolysis.
    case bpLysisSystolicFrom = "bp.lysisSystolicFrom"
    /// Diastolic pressure (mmHg) at or above which it must be lowered before thrombolysis.
    case bpLysisDiastolicFrom = "bp.lysisDiastolicFrom"

    /// The unit, as a protocol file names it.
    public var unit: String {
        switch self {
        case .ichImmediateFrom, .ichUncertainFrom, .ichReminderFrom, .lvoModelThreshold: return "probability"
        case .lvoFastEdFrom: return "points"
        case .bpLysisSystolicFrom, .bpLysisDiastolicFrom: return "mmHg"
        case .ichBypassMaxExtraMinutes, .lvoBypassMaxExtraMinutes, .lvoBypassMaxExtraMinutesLate,
             .thrombolysisWindowMinutes, .thrombectomyWindowMinutes: return "minutes"
        }
    }

    /// The values a protocol file may give.
    public var allowed: AllowedRange {
        switch unit {
        case "probability": return AllowedRange(lower: 0.01, upper: 0.99)
        case "points": return AllowedRange(lower: 1, upper: Double(FastEdExam.maximumTotal), integer: true)
        case "mmHg": return AllowedRange(lower: 60, upper: 300, integer: true)
        default:
            switch self {
            case .thrombolysisWindowMinutes, .thrombectomyWindowMinutes: return AllowedRange(lower: 0, upper: TriageRules.maximumOnsetMinutes)
            default: return AllowedRange(lower: 0, upper: 240)
            }
        }
    }

    /// The published source of the default, or why it is a local-protocol choice.
    public var defaultSource: String {
        switch self {
        case .ichImmediateFrom, .ichUncertainFrom: return "Reference web app (Bosonian/0825) routing thresholds; docs/clinical-reference.md §8"
        case .ichReminderFrom: return "Local-protocol choice: lower edge of the medium ICH risk band (§4); docs/clinical-reference.md §13"
        case .ichBypassMaxExtraMinutes: return "Local-protocol choice, no published prehospital ICH bypass limit: twice the Mission: Lifeline LVO limit; docs/clinical-reference.md §13"
        case .lvoModelThreshold: return "LVO model's own threshold (reference, 2024.09.28-calibrated); docs/clinical-reference.md §2"
        case .lvoFastEdFrom: return "Lima FO et al., Stroke 2016;47:1997 (FAST-ED >= 4)"
        case .lvoBypassMaxExtraMinutes: return "AHA/ASA Mission: Lifeline Stroke, Severity-Based Stroke Triage Algorithm for EMS (2017, revised 2020)"
        case .lvoBypassMaxExtraMinutesLate: return "Local-protocol choice after 4.5 h: Venema E et al., Stroke 2020;51:3310 (30-60 min limits gave more good outcomes); docs/clinical-reference.md §13"
        case .thrombolysisWindowMinutes: return "AHA/ASA 2019 guideline; ESO 2021 thrombolysis guideline (4.5 h; ECASS III)"
        case .thrombectomyWindowMinutes: return "AHA/ASA 2019 guideline (DAWN, DEFUSE-3: up to 24 h)"
        case .bpLysisSystolicFrom, .bpLysisDiastolicFrom: return "AHA/ASA 2019 guideline: below 185/110 mmHg before thrombolysis"
        }
    }

    /// Where the decision reads the value.
    public var usedIn: [String] {
        switch self {
        case .ichImmediateFrom: return ["urgency", "routing", "recommendations"]
        case .ichUncertainFrom: return ["urgency", "routing"]
        case .ichReminderFrom: return ["recommendations"]
        case .ichBypassMaxExtraMinutes, .lvoBypassMaxExtraMinutes, .lvoBypassMaxExtraMinutesLate: return ["routing"]
        case .lvoModelThreshold, .lvoFastEdFrom: return ["lvoVerdict", "urgency", "routing", "recommendations"]
        case .thrombolysisWindowMinutes, .thrombectomyWindowMinutes: return ["urgency", "routing"]
        case .bpLysisSystolicFrom, .bpLysisDiastolicFrom: return ["recommendations", "summary"]
        }
    }
}

/// The local protocol the decision applies: every threshold and limit of the
/// urgency, the LVO verdict, the routing and the recommendations, with its id
/// and the sha256 of its canonical file form. `standard` is the documented
/// default; a service loads its own from a protocol file (TriageEngine's `ProtocolFile`).
public struct TriageProtocol: Sendable, Hashable {
    /// The protocol's name, e.g. `stroke-triage-default-2026.11`.
    public let id: String
    /// Every value, by key (all keys present).
    public let values: [ProtocolKey: Double]
    /// The source text of every value (the defaults' citations, or a service's own).
    public let sources: [ProtocolKey: String]
    /// The sha256 (lower-case hex) of the canonical protocol file; `ProtocolFile` computes it.
    public let sha256: String

    /// A protocol of these parts; missing values and sources take the defaults.
    public init(id: String, values: [ProtocolKey: Double] = [:], sources: [ProtocolKey: String] = [:], sha256: String) {
        self.id = id
        self.values = Dictionary(uniqueKeysWithValues: ProtocolKey.allCases.map { ($0, values[$0] ?? Self.defaults[$0]!) })
        self.sources = Dictionary(uniqueKeysWithValues: ProtocolKey.allCases.map { ($0, sources[$0] ?? $0.defaultSource) })
        self.sha256 = sha256
    }

    /// The value of `key`.
    public subscript(_ key: ProtocolKey) -> Double { values[key]! }

    /// The published bypass limit for a suspected LVO: at most 15 more minutes to a thrombectomy
    /// center (AHA/ASA Mission: Lifeline Stroke EMS triage algorithm); the reasons quote it beside the protocol's.
    public static let missionLifelineLVOMaxExtraMinutes: Double = 15

    /// The default values (docs/clinical-reference.md §8, §12, §13).
    public static let defaults: [ProtocolKey: Double] = [
        .ichImmediateFrom: 0.50, .ichUncertainFrom: 0.30, .ichReminderFrom: RiskLevel.mediumFrom,
        .ichBypassMaxExtraMinutes: 30, .lvoModelThreshold: LVOModel.threshold, .lvoFastEdFrom: Double(FastEdExam.lvoSuspectedFrom),
        .lvoBypassMaxExtraMinutes: missionLifelineLVOMaxExtraMinutes, .lvoBypassMaxExtraMinutesLate: 30,
        .thrombolysisWindowMinutes: OutcomeModel.thrombolysisLimit, .thrombectomyWindowMinutes: 1440,
        .bpLysisSystolicFrom: 185, .bpLysisDiastolicFrom: 110,
    ]

    /// The id of the default protocol.
    public static let standardID = "stroke-triage-default-2026.11"
    /// The sha256 of the default protocol's canonical file (`ProtocolFileTests` recomputes it).
    public static let standardSHA256 = "952230db6b154dfca01c9830f8bb66e7029e7cd4dfb232f6a8012154013dc5ab"
    /// The documented default protocol.
    public static let standard = TriageProtocol(id: standardID, sha256: standardSHA256)

    /// The urgency vocabulary, most urgent first (`TriageUrgency`).
    public static let urgencyOrder: [TriageUrgency] = TriageUrgency.mostUrgentFirst

    /// The id and sha256 every decision, record and case names.
    public var reference: ProtocolReference { ProtocolReference(id: id, sha256: sha256) }

    // MARK: The rules' questions, each once.

    /// Whether `minutes` since onset (unknown counts as possibly open) is within the thrombolysis window.
    public func withinThrombolysisWindow(_ minutes: Double?) -> Bool {
        minutes.map { $0 <= self[.thrombolysisWindowMinutes] } ?? true
    }

    /// Whether `minutes` since onset (unknown counts as possibly open) is within the thrombectomy window.
    public func withinThrombectomyWindow(_ minutes: Double?) -> Bool {
        minutes.map { $0 <= self[.thrombectomyWindowMinutes] } ?? true
    }

    /// Whether a blood pressure must be lowered before thrombolysis (SBP ≥ 185 or DBP ≥ 110 by default).
    public func aboveLysisLimit(systolic: Int?, diastolic: Int?) -> Bool {
        (systolic.map { Double($0) >= self[.bpLysisSystolicFrom] } ?? false)
            || (diastolic.map { Double($0) >= self[.bpLysisDiastolicFrom] } ?? false)
    }

    /// The cross-field rules a protocol file must meet, as (key, problem) for the first broken one.
    public func inconsistency() -> (ProtocolKey, String)? {
        if self[.ichUncertainFrom] > self[.ichImmediateFrom] { return (.ichUncertainFrom, "must not exceed ich.immediateFrom") }
        if self[.thrombolysisWindowMinutes] > self[.thrombectomyWindowMinutes] {
            return (.thrombolysisWindowMinutes, "must not exceed window.thrombectomyMinutes")
        }
        return nil
    }
}

/// The id and sha256 of the protocol a decision used (JSON `decision.protocol`).
public struct ProtocolReference: Sendable, Hashable, Codable {
    /// The protocol's id.
    public let id: String
    /// The sha256 of its canonical file (lower-case hex).
    public let sha256: String

    /// A reference of these parts.
    public init(id: String, sha256: String) {
        self.id = id
        self.sha256 = sha256
    }
}
