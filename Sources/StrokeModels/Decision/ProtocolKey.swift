// One value of the local protocol: its key, unit, allowed range, default source and use.

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
    /// Minutes from arrival to the start of thrombolysis the routing assumes at every hospital.
    case doorToNeedleMinutes = "window.doorToNeedleMinutes"
    /// Whether anticoagulation (a DOAC within 48 h, levels unknown) counts as excluding thrombolysis (1 = yes).
    case lysisExcludedByAnticoagulation = "lysis.excludedByAnticoagulation"
    /// Longest drive to the nearest listed stroke unit for which the list is trusted to suggest a destination.
    case coverageMaxMinutesToStrokeUnit = "coverage.maxMinutesToStrokeUnit"
    /// A hospital without a stroke unit is never the destination when one with a stroke unit is at most this much farther.
    case strokeUnitPreferWithinMinutes = "strokeUnit.preferWithinMinutes"
    /// Systolic pressure (mmHg) at or above which it must be lowered before thrombolysis.
    case bpLysisSystolicFrom = "bp.lysisSystolicFrom"
    /// Diastolic pressure (mmHg) at or above which it must be lowered before thrombolysis.
    case bpLysisDiastolicFrom = "bp.lysisDiastolicFrom"
    /// Blood glucose (mg/dL) below which hypoglycaemia is treated first: a stroke mimic is possible.
    case glucoseLowFrom = "glucose.lowFrom"
    /// Blood glucose (mg/dL) at or above which it needs correction before thrombolysis.
    case glucoseHighFrom = "glucose.highFrom"

    /// The unit, as a protocol file names it.
    public var unit: String {
        switch self {
        case .ichImmediateFrom, .ichUncertainFrom, .ichReminderFrom, .lvoModelThreshold: return "probability"
        case .lysisExcludedByAnticoagulation: return "boolean"
        case .lvoFastEdFrom: return "points"
        case .bpLysisSystolicFrom, .bpLysisDiastolicFrom: return "mmHg"
        case .glucoseLowFrom, .glucoseHighFrom: return "mg/dL"
        case .ichBypassMaxExtraMinutes, .lvoBypassMaxExtraMinutes, .lvoBypassMaxExtraMinutesLate,
             .thrombolysisWindowMinutes, .thrombectomyWindowMinutes, .doorToNeedleMinutes,
             .coverageMaxMinutesToStrokeUnit, .strokeUnitPreferWithinMinutes: return "minutes"
        }
    }

    /// The values a protocol file may give.
    public var allowed: AllowedRange {
        switch unit {
        case "probability": return AllowedRange(lower: 0.01, upper: 0.99)
        case "points": return AllowedRange(lower: 1, upper: Double(FastEdExam.maximumTotal), integer: true)
        case "mmHg": return AllowedRange(lower: 60, upper: 300, integer: true)
        case "boolean": return AllowedRange(lower: 0, upper: 1, integer: true)
        case "mg/dL": return TriageRules.allowed(.glucose)
        default:
            switch self {
            // A window of zero or less would close every treatment: refused.
            case .thrombolysisWindowMinutes, .thrombectomyWindowMinutes:
                return AllowedRange(lower: 0, upper: TriageRules.maximumOnsetMinutes, lowerExclusive: true)
            case .doorToNeedleMinutes: return AllowedRange(lower: 0, upper: 180, lowerExclusive: true)
            case .coverageMaxMinutesToStrokeUnit: return AllowedRange(lower: 0, upper: 240, lowerExclusive: true)
            case .strokeUnitPreferWithinMinutes: return AllowedRange(lower: 0, upper: 60)
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
        case .glucoseLowFrom:
            return "AHA/ASA 2019 guideline (Powers WJ et al., Stroke 2019;50:e344): treat glucose < 60 mg/dL (3.3 mmol/L) before assessing the stroke; hypoglycaemia is the commonest mimic; docs/clinical-reference.md §13"
        case .glucoseHighFrom:
            return "AHA/ASA 2019 guideline: glucose > 400 mg/dL (22.2 mmol/L) must be corrected before thrombolysis; flagged from 400 (the safer edge); docs/clinical-reference.md §13"
        case .doorToNeedleMinutes:
            return "Local-protocol choice: the AHA Target: Stroke phase III goal of door-to-needle within 30 min for a share of patients (AHA/ASA 2019 guideline: 60 min at most); docs/clinical-reference.md §13"
        case .lysisExcludedByAnticoagulation:
            return "Local-protocol choice: AHA/ASA 2019 and ESO 2021 (Berge E et al., Eur Stroke J 2021;6:I) - a DOAC within 48 h excludes thrombolysis unless levels are known; docs/clinical-reference.md §13"
        case .coverageMaxMinutesToStrokeUnit:
            return "Local-protocol choice: the bundled list is incomplete; beyond an hour's drive to its nearest stroke unit a nearer unlisted one is likely, so the regional plan decides; docs/clinical-reference.md §13"
        case .strokeUnitPreferWithinMinutes:
            return "Local-protocol choice: stroke-unit care lowers death and dependency (Stroke Unit Trialists' Collaboration, Cochrane 2013); a few minutes more are worth it; docs/clinical-reference.md §13"
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
        case .doorToNeedleMinutes, .lysisExcludedByAnticoagulation, .coverageMaxMinutesToStrokeUnit, .strokeUnitPreferWithinMinutes:
            return ["routing"]
        case .bpLysisSystolicFrom, .bpLysisDiastolicFrom, .glucoseLowFrom, .glucoseHighFrom: return ["recommendations", "summary"]
        }
    }
}
