// The local protocol: every threshold and limit the decision uses, as data a medical director can review and change.

/// The local protocol the decision applies: every threshold and limit of the
/// urgency, the LVO verdict, the routing and the recommendations, with its id
/// and the sha256 of its canonical file form. `standard` is the documented
/// default; a service loads its own from a protocol file (TriageEngine's `ProtocolFile`).
public struct TriageProtocol: Sendable, Hashable, Codable {
    /// The protocol's name, e.g. `stroke-triage-default-2026.12`.
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
        .doorToNeedleMinutes: 30, .lysisExcludedByAnticoagulation: 1,
        .coverageMaxMinutesToStrokeUnit: 60, .strokeUnitPreferWithinMinutes: 10,
        .glucoseLowFrom: 60, .glucoseHighFrom: 400,
    ]

    /// The id of the default protocol.
    public static let standardID = "stroke-triage-default-2026.12"
    /// The sha256 of the default protocol's canonical file (`ProtocolFileTests` recomputes it).
    public static let standardSHA256 = "3760ce55d364f6ea13ef0757380c879cfda9ca1da9bd9253822fc5f066d66443"
    /// The documented default protocol.
    public static let standard = TriageProtocol(id: standardID, sha256: standardSHA256)
    /// The default protocols of earlier releases, by id and sha256: a board still reads a case from a device
    /// not yet updated (issue 45). Their values are today's defaults for every input those releases had
    /// (2026.11 had no blood glucose, so its glucose edges never apply to its cases).
    public static let earlierStandards = [
        TriageProtocol(id: "stroke-triage-default-2026.11", sha256: "ad5e4c1b4b4c857881483ba194ecdceb17e76a36511cbf82507ac905f43e7e2e"),
    ]

    /// Whether `reference` names this release's default protocol or an earlier release's (not a local one).
    public static func isDefault(_ reference: ProtocolReference) -> Bool {
        ([standard] + earlierStandards).contains { $0.reference == reference }
    }

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

    /// Whether thrombolysis can still start at a hospital `driveMinutes` away: onset + drive +
    /// `window.doorToNeedleMinutes` ≤ `window.thrombolysisMinutes`, and not excluded by anticoagulation
    /// (`lysis.excludedByAnticoagulation`). Unknown onset counts as possibly in time (today's rule, said in the reasons).
    public func lysisReachable(onsetMinutes: Double?, driveMinutes: Double, anticoagulated: Bool) -> Bool {
        if anticoagulated && lysisExcludedByAnticoagulation { return false }
        guard let onset = onsetMinutes else { return true }
        return estimatedNeedleMinutes(onsetMinutes: onset, driveMinutes: driveMinutes) <= self[.thrombolysisWindowMinutes]
    }

    /// The estimated minutes from onset to the start of thrombolysis at a hospital `driveMinutes` away.
    public func estimatedNeedleMinutes(onsetMinutes: Double, driveMinutes: Double) -> Double {
        onsetMinutes + driveMinutes + self[.doorToNeedleMinutes]
    }

    /// Whether anticoagulation counts as excluding thrombolysis under this protocol.
    public var lysisExcludedByAnticoagulation: Bool { self[.lysisExcludedByAnticoagulation] >= 1 }

    /// Whether a blood pressure must be lowered before thrombolysis (SBP ≥ 185 or DBP ≥ 110 by default).
    public func aboveLysisLimit(systolic: Int?, diastolic: Int?) -> Bool {
        (systolic.map { Double($0) >= self[.bpLysisSystolicFrom] } ?? false)
            || (diastolic.map { Double($0) >= self[.bpLysisDiastolicFrom] } ?? false)
    }

    /// Whether a measured blood glucose is below `glucose.lowFrom` (hypoglycaemia: treat first, a mimic is possible).
    public func glucoseLow(_ glucose: Double?) -> Bool { glucose.map { $0 < self[.glucoseLowFrom] } ?? false }

    /// Whether a measured blood glucose is at or above `glucose.highFrom` (to be corrected before thrombolysis).
    public func glucoseHigh(_ glucose: Double?) -> Bool { glucose.map { $0 >= self[.glucoseHighFrom] } ?? false }

    /// The cross-field rules a protocol file must meet, as (key, problem) for the first broken one.
    public func inconsistency() -> (ProtocolKey, String)? {
        if self[.ichUncertainFrom] > self[.ichImmediateFrom] { return (.ichUncertainFrom, "must not exceed ich.immediateFrom") }
        if self[.ichReminderFrom] > self[.ichImmediateFrom] { return (.ichReminderFrom, "must not exceed ich.immediateFrom") }
        if self[.thrombolysisWindowMinutes] > self[.thrombectomyWindowMinutes] {
            return (.thrombolysisWindowMinutes, "must not exceed window.thrombectomyMinutes")
        }
        if self[.glucoseLowFrom] >= self[.glucoseHighFrom] { return (.glucoseLowFrom, "must be below glucose.highFrom") }
        if self[.lvoBypassMaxExtraMinutesLate] < self[.lvoBypassMaxExtraMinutes] {
            return (.lvoBypassMaxExtraMinutesLate, "must not be smaller than lvo.bypassMaxExtraMinutes")
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
