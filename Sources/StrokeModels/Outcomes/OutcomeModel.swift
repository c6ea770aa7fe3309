#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The acute-outcome layer of the prehospital triage model of Ali, Zachrison,
/// Eschenfeldt, Schwamm and Hur ("Optimization of prehospital triage of
/// patients with suspected ischemic stroke", Stroke 2018): for each
/// destination strategy, the chance of a good outcome (mRS 0–2 at 90 days)
/// given the stroke severity, p(LVO) and the minutes to treatment.
///
/// Deterministic base case only (the model's point estimates and median door
/// times); the constants and their sources are in docs/outcome-model.md.
/// Research use: an estimate to weigh time against benefit, never a command.
public enum OutcomeModel {
    /// Name reported with every estimate.
    public static let name = "Ali et al., Stroke 2018 (acute outcomes, base case)"
    /// Latest onset-to-needle time at which thrombolysis still has an effect, minutes.
    public static let thrombolysisLimit = 270.0
    /// Latest onset-to-puncture time at which thrombectomy is offered, minutes.
    public static let thrombectomyLimit = 360.0
    /// Median door-to-needle time of a thrombolysis-capable (primary) hospital, minutes.
    public static let defaultThrombolysisDoorToNeedle = 61.0
    /// Median door-to-needle time of a thrombectomy (comprehensive) center, minutes.
    public static let defaultThrombectomyDoorToNeedle = 52.0
    /// Median door-to-puncture time of a thrombectomy center, minutes.
    public static let defaultDoorToPuncture = 145.0
    /// Probability that thrombectomy reperfuses an LVO.
    public static let thrombectomyReperfusion = 0.71
    /// With no treatment window left, RACE at or above this goes to the thrombectomy center (RACE's own LVO cut-off).
    public static let noWindowRaceThreshold = Double(RaceScale.lvoThreshold)
    /// p(LVO | RACE) logistic intercept.
    public static let lvoIntercept = -2.9297
    /// p(LVO | RACE) logistic slope per RACE point.
    public static let lvoSlope = 0.5533
    /// NIHSS = nihssFromRaceIntercept + nihssPerRacePoint · RACE (RACE > 0).
    public static let nihssFromRaceIntercept = -0.39
    /// NIHSS points per RACE point.
    public static let nihssPerRacePoint = 2.39
    /// The NIHSS assigned to a RACE total of 0.
    public static let nihssAtRaceZero = 1.0

    /// The allowed values of the model's inputs (drive, transfer and door times for any other field).
    public static func allowed(_ field: InputField) -> AllowedRange {
        switch field {
        case .race: return AllowedRange(lower: 0, upper: 9)
        // At NIHSS 0 the untreated chance of a good outcome is 1 and its odds are infinite.
        case .nihss: return AllowedRange(lower: 1, upper: 42)
        case .lvoProbability: return AllowedRange(lower: 0, upper: 1)
        case .onsetMinutes: return TriageRules.allowed(.onsetMinutes)
        default: return AllowedRange(lower: 0, upper: maximumMinutes)
        }
    }

    /// Longest drive, transfer or door time accepted: one day, in minutes.
    public static let maximumMinutes = 1_440.0

    /// NIHSS from a RACE total: 1 at RACE 0, otherwise −0.39 + 2.39 · RACE.
    public static func nihss(fromRace race: Double) -> Double {
        race == 0 ? nihssAtRaceZero : nihssFromRaceIntercept + nihssPerRacePoint * race
    }

    /// The RACE equivalent of an NIHSS score (the inverse of `nihss(fromRace:)`).
    public static func race(fromNihss nihss: Double) -> Double {
        nihss == nihssAtRaceZero ? 0 : (nihss - nihssFromRaceIntercept) / nihssPerRacePoint
    }

    /// The model's p(LVO) from a RACE total: 1 / (1 + e^−(b0 + b1 · RACE)).
    public static func lvoProbability(race: Double) -> Double {
        1.0 / (1.0 + exp(-lvoIntercept - lvoSlope * race))
    }

    /// Whether thrombolysis started `onsetToNeedle` minutes after onset still has an effect (≤ 270 min).
    public static func thrombolysisHasEffect(onsetToNeedle: Double) -> Bool { onsetToNeedle <= thrombolysisLimit }

    /// Whether a puncture `onsetToPuncture` minutes after onset is within the thrombectomy limit (≤ 360 min).
    public static func thrombectomyInTime(onsetToPuncture: Double) -> Bool { onsetToPuncture <= thrombectomyLimit }

    /// The chance of a good outcome when thrombolysis starts `onsetToNeedle`
    /// minutes after onset (past the limit: the untreated baseline).
    ///
    /// Untreated baseline b = 0.001·NIHSS² − 0.0615·NIHSS + 1; within the limit
    /// its odds are multiplied by OR = 2.068 − 0.0031 · onset-to-needle.
    public static func pGoodAfterThrombolysis(onsetToNeedle: Double, nihss: Double) -> Double {
        let baseline = 0.001 * pow(nihss, 2) - 0.0615 * nihss + 1
        guard thrombolysisHasEffect(onsetToNeedle: onsetToNeedle) else { return baseline }
        let oddsRatio = -0.0031 * onsetToNeedle + 2.068
        let odds = baseline / (1 - baseline) * oddsRatio
        return odds / (1 + odds)
    }

    /// The chance of a good outcome after successful thrombectomy:
    /// exp((−0.00879544 − 9.01419716·10⁻⁵ · onset-to-reperfusion) · NIHSS).
    public static func pGoodAfterReperfusion(onsetToReperfusion: Double, nihss: Double) -> Double {
        let beta = -0.00879544 - 9.01419716e-05 * onsetToReperfusion
        return exp(beta * nihss)
    }

    /// The chance of a good outcome of one strategy: the non-LVO share and the
    /// unreperfused LVO share keep the thrombolysis outcome; the reperfused
    /// share (p(LVO) · 0.71, only with thrombectomy) gets the better of the two.
    public static func pGood(onsetToNeedle: Double, onsetToPuncture: Double?, nihss: Double, lvo: Double) -> Double {
        let afterLysis = pGoodAfterThrombolysis(onsetToNeedle: onsetToNeedle, nihss: nihss)
        var reperfused = 0.0
        var notReperfused = lvo
        if onsetToPuncture != nil {
            reperfused = lvo * thrombectomyReperfusion
            notReperfused -= reperfused
        }
        var p = (1 - lvo) * afterLysis
        p += notReperfused * afterLysis
        if let onsetToPuncture {
            p += reperfused * max(pGoodAfterReperfusion(onsetToReperfusion: onsetToPuncture, nihss: nihss), afterLysis)
        }
        return p
    }

    /// Estimates every strategy for the inputs.
    /// - Throws: `ModelsError` naming each field outside its range.
    public static func estimate(_ inputs: OutcomeInputs) throws(ModelsError) -> OutcomeEstimate {
        let issues = inputs.issues
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        let (race, nihss): (Double, Double)
        switch inputs.severity {
        case .race(let given): (race, nihss) = (given, Self.nihss(fromRace: given))
        case .nihss(let given): (race, nihss) = (Self.race(fromNihss: given), given)
        }
        // Every derived value in its domain (issue 34): a RACE just above 0 maps to an NIHSS ≤ 0,
        // where the untreated odds are infinite and the chances leave 0…1.
        guard nihss.isFinite, nihss > 0 else { throw ModelsError(issues: [Self.severityIssue(inputs.severity)]) }
        let lvoSource: LVOSource
        let lvo: Double
        if let given = inputs.lvoProbability {
            (lvo, lvoSource) = (given, inputs.givenLVOSource)
        } else {
            lvo = lvoProbability(race: race)
            if case .race = inputs.severity { lvoSource = .race } else { lvoSource = .nihssAsRace }
        }
        let onset = inputs.onsetMinutes
        let hospitals = inputs.thrombolysisHospitals
        let center = inputs.thrombectomyCenter
        let nearest = hospitals.indices.min { hospitals[$0].driveMinutes + hospitals[$0].doorToNeedleMinutes
            < hospitals[$1].driveMinutes + hospitals[$1].doorToNeedleMinutes }!
        func needle(_ h: ThrombolysisHospital) -> Double { onset + h.driveMinutes + h.doorToNeedleMinutes }
        func shippedPuncture(_ h: ThrombolysisHospital) -> Double {
            // Arrival at the thrombectomy center counts its door-to-puncture from the first door on.
            onset + h.driveMinutes + h.doorToNeedleMinutes + h.transferMinutes
                + (center.doorToPunctureMinutes - h.doorToNeedleMinutes)
        }
        let directNeedle = onset + center.driveMinutes + center.doorToNeedleMinutes
        let directPuncture = onset + center.driveMinutes + center.doorToPunctureMinutes
        let windowOpen = thrombolysisHasEffect(onsetToNeedle: needle(hospitals[nearest]))
            || thrombectomyInTime(onsetToPuncture: directPuncture)

        func outcome(_ kind: StrategyKind, index: Int?, needle: Double, puncture: Double?) -> StrategyOutcome {
            let h = index.map { hospitals[$0] }
            var s = StrategyOutcome(kind: kind, thrombolysisIndex: index, centerId: h?.id ?? center.id,
                                    transferCenterId: kind == .dripAndShip ? center.id : nil,
                                    driveMinutes: h?.driveMinutes ?? center.driveMinutes,
                                    transferMinutes: kind == .dripAndShip ? h?.transferMinutes : nil,
                                    onsetToNeedleMin: needle, onsetToPunctureMin: puncture)
            guard windowOpen else { return s }
            switch kind {
            case .thrombolysisCenter:
                s.setProbabilities(pGood(onsetToNeedle: needle, onsetToPuncture: nil, nihss: nihss, lvo: lvo),
                                   thrombolysis: 1, thrombectomy: 0, transfer: 0)
            case .thrombectomyCenter:
                // p(thrombolysis) uses the model's own strict "<" here (docs/outcome-model.md).
                s.setProbabilities(pGood(onsetToNeedle: needle, onsetToPuncture: puncture, nihss: nihss, lvo: lvo),
                                   thrombolysis: needle < thrombolysisLimit ? 1 : 0, thrombectomy: lvo, transfer: 0)
            case .dripAndShip:
                guard let puncture, thrombectomyInTime(onsetToPuncture: puncture) else { return s }
                s.setProbabilities(pGood(onsetToNeedle: needle, onsetToPuncture: puncture, nihss: nihss, lvo: lvo),
                                   thrombolysis: 1, thrombectomy: lvo, transfer: 1)
            }
            return s
        }
        var strategies = [
            outcome(.thrombolysisCenter, index: nearest, needle: needle(hospitals[nearest]), puncture: nil),
            outcome(.thrombectomyCenter, index: nil, needle: directNeedle, puncture: directPuncture),
        ]
        for index in hospitals.indices {
            strategies.append(outcome(.dripAndShip, index: index, needle: needle(hospitals[index]),
                                      puncture: shippedPuncture(hospitals[index])))
        }
        let noWindowKind: StrategyKind? = windowOpen ? nil
            : (race >= noWindowRaceThreshold ? .thrombectomyCenter : .thrombolysisCenter)
        // NaN or ∞ never reaches output: a chance outside 0…1 refuses the input that led to it.
        let chances = strategies.compactMap(\.pGoodOutcome)
        guard chances.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
            throw ModelsError(issues: [Self.severityIssue(inputs.severity)])
        }
        return OutcomeEstimate(severity: inputs.severity, nihss: nihss, raceEquivalent: race, lvoProbability: lvo, lvoSource: lvoSource,
                               windowOpen: windowOpen, noWindowDestination: noWindowKind, strategies: strategies)
    }

    /// The issue naming the severity input whose derived values leave their domain.
    static func severityIssue(_ severity: OutcomeInputs.Severity) -> ValidationIssue {
        switch severity {
        case .race(let race): return ValidationIssue(field: .race, allowed: AllowedRange(lower: 0, upper: 9, integer: true), given: race)
        case .nihss(let nihss): return ValidationIssue(field: .nihss, allowed: allowed(.nihss), given: nihss)
        }
    }
}
