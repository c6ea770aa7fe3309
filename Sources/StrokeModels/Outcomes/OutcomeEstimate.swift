/// A destination strategy of the outcome model.
public enum StrategyKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The nearest thrombolysis-capable hospital only.
    case thrombolysisCenter
    /// Directly to the thrombectomy center.
    case thrombectomyCenter
    /// Thrombolysis at a thrombolysis-capable hospital, then transfer to the thrombectomy center.
    case dripAndShip
}

/// Where the p(LVO) used by the outcome model came from.
public enum LVOSource: String, Sendable, Hashable, Codable {
    /// Given by the caller (e.g. our GFAP + FAST-ED model).
    case given
    /// The outcome model's own estimate from the RACE total.
    case race
    /// The outcome model's own estimate from the RACE equivalent of the NIHSS.
    case nihssAsRace
    /// Our LVO model's estimate from GFAP and FAST-ED (the full module), used
    /// instead of the model's RACE curve: a research extension (clinical-reference.md §14).
    case lvoModel
}

/// One strategy's times and, when the model evaluates it, its probabilities.
public struct StrategyOutcome: Sendable, Hashable {
    /// Which strategy.
    public let kind: StrategyKind
    /// Index into `OutcomeInputs.thrombolysisHospitals` of the first hospital, `nil` for the thrombectomy center.
    public let thrombolysisIndex: Int?
    /// The identifier of the first destination, when the inputs carried one.
    public let centerId: String?
    /// The identifier of the transfer destination (drip-and-ship only), when known.
    public let transferCenterId: String?
    /// Drive minutes to the first destination.
    public let driveMinutes: Double
    /// Transfer minutes to the thrombectomy center (drip-and-ship only).
    public let transferMinutes: Double?
    /// Minutes from onset to the start of thrombolysis at the first destination.
    public let onsetToNeedleMin: Double
    /// Minutes from onset to groin puncture, `nil` when the strategy has no thrombectomy.
    public let onsetToPunctureMin: Double?
    /// Chance of a good outcome (mRS 0–2 at 90 days); `nil` when not feasible.
    public private(set) var pGoodOutcome: Double?
    /// Probability of thrombolysis as the model defines it; `nil` when not feasible.
    public private(set) var pThrombolysis: Double?
    /// Probability of thrombectomy (p(LVO) where offered); `nil` when not feasible.
    public private(set) var pThrombectomy: Double?
    /// Probability of an inter-hospital transfer; `nil` when not feasible.
    public private(set) var pTransfer: Double?

    /// Whether thrombolysis starts within the model's limit (270 min), so that it has an effect.
    public var thrombolysisInWindow: Bool { OutcomeModel.thrombolysisHasEffect(onsetToNeedle: onsetToNeedleMin) }
    /// Whether the puncture falls within the model's thrombectomy limit (360 min); the
    /// model still counts thrombectomy at the thrombectomy center past it.
    public var punctureInWindow: Bool { onsetToPunctureMin.map { OutcomeModel.thrombectomyInTime(onsetToPuncture: $0) } ?? true }

    /// Whether the model evaluates the strategy: a treatment window remains and,
    /// for drip-and-ship, the puncture falls within the thrombectomy limit.
    public var feasible: Bool { pGoodOutcome != nil }

    init(kind: StrategyKind, thrombolysisIndex: Int?, centerId: String?, transferCenterId: String?,
         driveMinutes: Double, transferMinutes: Double?, onsetToNeedleMin: Double, onsetToPunctureMin: Double?) {
        self.kind = kind
        self.thrombolysisIndex = thrombolysisIndex
        self.centerId = centerId
        self.transferCenterId = transferCenterId
        self.driveMinutes = driveMinutes
        self.transferMinutes = transferMinutes
        self.onsetToNeedleMin = onsetToNeedleMin
        self.onsetToPunctureMin = onsetToPunctureMin
    }

    mutating func setProbabilities(_ good: Double, thrombolysis: Double, thrombectomy: Double, transfer: Double) {
        pGoodOutcome = good
        pThrombolysis = thrombolysis
        pThrombectomy = thrombectomy
        pTransfer = transfer
    }
}

/// The outcome model's answer: every strategy, the best one and its margin.
public struct OutcomeEstimate: Sendable, Hashable {
    /// The model's name and variant.
    public var model: String { OutcomeModel.name }
    /// The severity as given (RACE total or NIHSS).
    public let severity: OutcomeInputs.Severity
    /// The NIHSS used (given, or converted from RACE).
    public let nihss: Double
    /// The RACE total used (given, or the equivalent of the NIHSS).
    public let raceEquivalent: Double
    /// The p(LVO) used.
    public let lvoProbability: Double
    /// Where `lvoProbability` came from.
    public let lvoSource: LVOSource
    /// Whether any treatment window remains (needle at the nearest thrombolysis
    /// hospital within 270 min, or puncture at the thrombectomy center within 360 min).
    public let windowOpen: Bool
    /// With no window left, the model's destination by severity (RACE ≥ 5: thrombectomy center).
    public let noWindowDestination: StrategyKind?
    /// Thrombolysis center, thrombectomy center, then drip-and-ship from each thrombolysis hospital.
    public let strategies: [StrategyOutcome]

    /// The index into `strategies` of the best strategy: the highest chance of
    /// a good outcome (the first on a tie), or the no-window destination.
    public var bestIndex: Int {
        if let noWindowDestination { return strategies.firstIndex { $0.kind == noWindowDestination }! }
        var best = 0
        for (index, strategy) in strategies.enumerated()
        where (strategy.pGoodOutcome ?? -1) > (strategies[best].pGoodOutcome ?? -1) {
            best = index
        }
        return best
    }

    /// The best strategy.
    public var best: StrategyOutcome { strategies[bestIndex] }

    /// Percentage points by which the best strategy beats the next feasible one;
    /// `nil` with no window or when no other strategy is feasible.
    public var marginPoints: Double? {
        guard let top = best.pGoodOutcome else { return nil }
        let others = strategies.indices.filter { $0 != bestIndex }.compactMap { strategies[$0].pGoodOutcome }
        guard let next = others.max() else { return nil }
        return (top - next) * 100
    }

    /// The smallest margin, in percentage points, that names a best strategy: differences of
    /// at most 1 point are no meaningful difference (Holodinsky et al., JAMA Neurology 2018;
    /// docs/clinical-reference.md §14).
    public static let meaningfulMarginPoints = 1.0

    /// Whether the best strategy beats the next by more than `meaningfulMarginPoints`
    /// (true when no other strategy is feasible: there is nothing to compare).
    public var bestIsMeaningful: Bool { (marginPoints ?? .infinity) > Self.meaningfulMarginPoints }

    /// Percentage points by which `strategy` falls short of the best; `nil` when either is not feasible.
    public func pointsBehindBest(_ strategy: StrategyOutcome) -> Double? {
        guard let top = best.pGoodOutcome, let p = strategy.pGoodOutcome else { return nil }
        return (top - p) * 100
    }
}
