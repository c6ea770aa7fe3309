/// What the acute-outcome model needs: how severe the stroke looks, how likely
/// a large vessel occlusion is, how long ago it began, and how far away the
/// hospitals are (docs/outcome-model.md).
///
/// Every time is in minutes. The value is plain data; `OutcomeModel.estimate`
/// checks it and throws `ModelsError` naming the field, the allowed range and
/// the value given.
public struct OutcomeInputs: Sendable, Hashable {
    /// The stroke severity, as a RACE total or as an NIHSS score.
    public enum Severity: Sendable, Hashable {
        /// A RACE total (0–9); NIHSS and, unless given, p(LVO) are derived from it.
        case race(Double)
        /// An NIHSS score (1–42); its RACE equivalent is used only where the model needs RACE.
        case nihss(Double)

        /// Whether the severity was given as a RACE total.
        public var isRace: Bool {
            if case .race = self { return true }
            return false
        }
    }

    /// The severity as entered.
    public var severity: Severity
    /// The probability of a large vessel occlusion (0–1), or `nil` to use the
    /// model's own estimate from RACE (or from the RACE equivalent of the NIHSS).
    public var lvoProbability: Double?
    /// What a given `lvoProbability` is reported as: `.given` (the default) or
    /// `.lvoModel` (our GFAP + FAST-ED estimate). Ignored without a p(LVO).
    public var givenLVOSource: LVOSource = .given
    /// Minutes since symptom onset or last known well.
    public var onsetMinutes: Double
    /// The thrombolysis-capable hospitals considered, never empty; the first
    /// one is usually the nearest. Each is also a drip-and-ship origin.
    public let thrombolysisHospitals: [ThrombolysisHospital]
    /// The thrombectomy center: the direct destination and the transfer destination.
    public var thrombectomyCenter: ThrombectomyCenter

    /// Creates the inputs with one or more thrombolysis hospitals.
    /// - Parameters:
    ///   - severity: RACE total or NIHSS score.
    ///   - lvoProbability: p(LVO), or `nil` for the model's RACE-based estimate.
    ///   - onsetMinutes: minutes since onset or last known well.
    ///   - thrombolysisHospital: the nearest thrombolysis-capable hospital.
    ///   - otherThrombolysisHospitals: further candidates, each with its own transfer time.
    ///   - thrombectomyCenter: the thrombectomy center.
    public init(severity: Severity, lvoProbability: Double?, onsetMinutes: Double,
                thrombolysisHospital: ThrombolysisHospital, otherThrombolysisHospitals: [ThrombolysisHospital] = [],
                thrombectomyCenter: ThrombectomyCenter) {
        self.severity = severity
        self.lvoProbability = lvoProbability
        self.onsetMinutes = onsetMinutes
        self.thrombolysisHospitals = [thrombolysisHospital] + otherThrombolysisHospitals
        self.thrombectomyCenter = thrombectomyCenter
    }

    /// Creates the inputs for one thrombolysis hospital with the model's default door times.
    /// - Parameters:
    ///   - severity: RACE total or NIHSS score.
    ///   - lvoProbability: p(LVO), or `nil` for the model's RACE-based estimate.
    ///   - onsetMinutes: minutes since onset or last known well.
    ///   - toThrombolysis: drive minutes to the nearest thrombolysis-capable hospital.
    ///   - toThrombectomy: drive minutes to the nearest thrombectomy center.
    ///   - transfer: drive minutes from the thrombolysis hospital to the thrombectomy center.
    public init(severity: Severity, lvoProbability: Double?, onsetMinutes: Double,
                toThrombolysis: Double, toThrombectomy: Double, transfer: Double) {
        self.init(severity: severity, lvoProbability: lvoProbability, onsetMinutes: onsetMinutes,
                  thrombolysisHospital: ThrombolysisHospital(driveMinutes: toThrombolysis, transferMinutes: transfer),
                  thrombectomyCenter: ThrombectomyCenter(driveMinutes: toThrombectomy))
    }

    /// The blocking problems, in the order the fields are asked; empty when the inputs can be used.
    public var issues: [ValidationIssue] {
        var issues: [ValidationIssue] = []
        func check(_ field: InputField, _ value: Double) {
            let allowed = OutcomeModel.allowed(field)
            if !allowed.contains(value) { issues.append(ValidationIssue(field: field, allowed: allowed, given: value)) }
        }
        switch severity {
        case .race(let race): check(.race, race)
        case .nihss(let nihss): check(.nihss, nihss)
        }
        if let lvoProbability { check(.lvoProbability, lvoProbability) }
        check(.onsetMinutes, onsetMinutes)
        for hospital in thrombolysisHospitals {
            check(.toThrombolysis, hospital.driveMinutes)
            check(.transferMinutes, hospital.transferMinutes)
            check(.doorToNeedle, hospital.doorToNeedleMinutes)
        }
        check(.toThrombectomy, thrombectomyCenter.driveMinutes)
        check(.doorToNeedle, thrombectomyCenter.doorToNeedleMinutes)
        check(.doorToPuncture, thrombectomyCenter.doorToPunctureMinutes)
        return issues
    }
}

/// A thrombolysis-capable hospital (the model's "primary stroke center").
public struct ThrombolysisHospital: Sendable, Hashable {
    /// The center's identifier in the centers data, when known (carried through, never used).
    public var id: String?
    /// Drive minutes from the patient to this hospital.
    public var driveMinutes: Double
    /// Drive minutes from this hospital to the thrombectomy center (drip-and-ship).
    public var transferMinutes: Double
    /// Door-to-needle minutes; the model's default is 61.
    public var doorToNeedleMinutes: Double

    /// Creates a hospital; door-to-needle defaults to the model's median for primary centers.
    public init(id: String? = nil, driveMinutes: Double, transferMinutes: Double,
                doorToNeedleMinutes: Double = OutcomeModel.defaultThrombolysisDoorToNeedle) {
        self.id = id
        self.driveMinutes = driveMinutes
        self.transferMinutes = transferMinutes
        self.doorToNeedleMinutes = doorToNeedleMinutes
    }
}

/// A thrombectomy-capable center (the model's "comprehensive stroke center").
public struct ThrombectomyCenter: Sendable, Hashable {
    /// The center's identifier in the centers data, when known (carried through, never used).
    public var id: String?
    /// Drive minutes from the patient to this center.
    public var driveMinutes: Double
    /// Door-to-needle minutes; the model's default is 52.
    public var doorToNeedleMinutes: Double
    /// Door-to-puncture minutes; the model's default is 145.
    public var doorToPunctureMinutes: Double

    /// Creates a center; the door times default to the model's medians for comprehensive centers.
    public init(id: String? = nil, driveMinutes: Double,
                doorToNeedleMinutes: Double = OutcomeModel.defaultThrombectomyDoorToNeedle,
                doorToPunctureMinutes: Double = OutcomeModel.defaultDoorToPuncture) {
        self.id = id
        self.driveMinutes = driveMinutes
        self.doorToNeedleMinutes = doorToNeedleMinutes
        self.doorToPunctureMinutes = doorToPunctureMinutes
    }
}
