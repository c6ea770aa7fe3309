// Routing's inputs and outputs: the request, the geographic policy, the decision, and the outcome inside or outside coverage.

import StrokeModels

/// What the routing decision needs to know about the patient and place.
public struct RoutingRequest: Sendable, Hashable {
    /// Where the patient is.
    public let origin: Coordinate
    /// The decision-grade ICH probability 0…1 (a calibrated model's, or given by a person), or
    /// `nil` when there is none: routing then follows the exam and onset (docs/clinical-reference.md §8).
    public let ichProbability: Double?
    /// LVO probability 0…1, if known.
    public let lvoProbability: Double?
    /// FAST-ED score 0…9, if known.
    public let fastEd: Double?
    /// Minutes since symptom onset, or `nil` when unknown.
    public let onsetMinutes: Double?
    /// The scored prehospital scales.
    public let scales: [ScaleScore]
    /// The coma module: a basilar artery occlusion cannot be excluded (routed as a suspected LVO).
    public let comatose: Bool
    /// Anticoagulated (a DOAC within 48 h): under `lysis.excludedByAnticoagulation`, no lysis is reachable.
    public let anticoagulated: Bool

    /// Creates a request; the LVO verdict comes from `lvoProbability`, `fastEd` and `scales`.
    public init(origin: Coordinate, ichProbability: Double?, lvoProbability: Double? = nil, fastEd: Double? = nil,
                onsetMinutes: Double? = nil, scales: [ScaleScore] = [], comatose: Bool = false, anticoagulated: Bool = false) {
        self.origin = origin
        self.ichProbability = ichProbability
        self.lvoProbability = lvoProbability
        self.fastEd = fastEd
        self.onsetMinutes = onsetMinutes
        self.scales = scales
        self.comatose = comatose
        self.anticoagulated = anticoagulated
    }

    /// The one LVO-suspected verdict (`LVOVerdict`) of the probability, FAST-ED and any scales under `rules`.
    public func verdict(_ rules: TriageProtocol) -> LVOVerdict {
        LVOVerdict(lvoProbability: lvoProbability, fastEd: fastEd.map { Int($0) }, scales: scales, rules: rules)
    }

    /// The decision's urgency for this request under `rules` (`TriageUrgency`): the same rule as every front-end.
    public func urgency(_ rules: TriageProtocol) -> TriageUrgency {
        TriageUrgency(ichProbability: ichProbability, lvoSuspected: verdict(rules).suspected, comatose: comatose,
                      onsetMinutes: onsetMinutes, rules: rules)
    }
}

/// The geographic settings of the routing decision, with the documented defaults.
///
/// The clinical thresholds and limits live in the local protocol (`rules`,
/// `TriageProtocol`, docs/clinical-reference.md §8, §12, §13); a service changes a
/// limit in its protocol file, never per run, so every decision names the protocol it applied.
public struct RoutingPolicy: Sendable, Hashable {
    /// The local protocol the routing applies.
    public var rules: TriageProtocol = .standard
    /// Longest extra drive to reach a thrombectomy center directly while lysis is reachable at the
    /// nearer hospital: the protocol's `lvo.bypassMaxExtraMinutes` (Mission: Lifeline, 15 min).
    public var maxExtraMinutes: Double { rules[.lvoBypassMaxExtraMinutes] }
    /// Farther than this from every center, the dataset does not cover the origin (km):
    /// routing then suggests no destination (docs/routing.md, "Coverage").
    public var coverageKm = RoutingPolicy.defaultCoverageKm
    /// The drive-time heuristic.
    public var drive = DriveTimeModel.standard

    /// The default coverage distance: 100 km great-circle, about 1 h 45 min by the
    /// drive-time heuristic. Every place of the gazetteer in Bayern and
    /// Baden-Württemberg lies within it of a bundled center; beyond it, a
    /// destination from the dataset is implausible (a closer stroke unit it does
    /// not list is to be expected). The one constant; docs/routing.md explains it.
    public static let defaultCoverageKm = 100.0

    /// The defaults.
    public init() {}

    /// The LVO bypass limit while lysis is reachable at the nearer hospital (`maxExtraMinutes`) or when it is not.
    public func maxExtraMinutes(afterLysisWindow late: Bool) -> Double {
        late ? rules[.lvoBypassMaxExtraMinutesLate] : maxExtraMinutes
    }
}

/// The outcome of routing: where to go, what next, how urgent, and why.
public struct RoutingDecision: Sendable, Hashable {
    /// Which rule decided.
    public enum Category: String, Sendable, Hashable {
        /// ICH likely: nearest neurosurgical center (within the protocol's extra-drive limit).
        case neurosurgical
        /// ICH likely, neurosurgical center too far: nearest stroke unit, then transfer.
        case neurosurgicalTransfer
        /// No longer chosen (an uncertain ICH never bypasses); kept so older records still read.
        case neurosurgicalOrComprehensive
        /// LVO likely, thrombectomy center within the extra-time limit: go there directly.
        case thrombectomy
        /// LVO likely, thrombectomy center too far: nearest thrombolysis hospital, then transfer.
        case dripAndShip
        /// Within the thrombolysis window: nearest thrombolysis-capable hospital.
        case thrombolysis
        /// Otherwise: nearest stroke unit or higher.
        case strokeUnit
    }

    /// The rule that decided.
    public let category: Category
    /// Where to go.
    public let destination: RankedCenter
    /// Where the patient may be transferred next, if anywhere.
    public let transferPlan: RankedCenter?
    /// How urgent.
    public let urgency: TriageUrgency
    /// Hedged, localizable reasons, in order.
    public let reasons: [Message]
    /// The next-nearest centers that meet the same requirement.
    public let alternatives: [RankedCenter]
    /// Warnings (e.g. the dataset does not cover the origin).
    public let warnings: [Message]
    /// Extra minutes to the thrombectomy (or neurosurgical) center vs the nearest thrombolysis hospital (or stroke unit).
    public let extraMinutes: Double?
}

/// Whether a dataset covers an origin (JSON `coverage`): inside, outside the list's
/// area (every center farther than `RoutingPolicy.coverageKm`), or beyond its stroke units
/// (the nearest listed stroke unit farther than `coverage.maxMinutesToStrokeUnit`).
public enum Coverage: String, Sendable, Hashable {
    /// A stroke unit is listed within the protocol's drive time: a destination is suggested.
    case inside
    /// Every center is farther than the coverage distance: no destination is suggested.
    case outside
    /// No listed stroke unit within `coverage.maxMinutesToStrokeUnit`: no destination; the regional plan decides.
    case beyond
}

/// What routing has to say: a destination inside the dataset's coverage, or,
/// outside it, no destination at all.
///
/// Outside coverage the dataset evidently does not list the centers near the
/// patient, so any destination, urgency or drip-and-ship arithmetic derived from
/// it would mislead: local protocol applies, and the nearest listed centers are
/// given as information only.
public enum RoutingOutcome: Sendable, Hashable {
    /// Inside coverage: the routing decision.
    case inside(RoutingDecision)
    /// Outside coverage: no destination.
    case outside(OutsideCoverage)

    /// `.inside`, or the outside outcome's `.outside` or `.beyond`.
    public var coverage: Coverage {
        switch self {
        case .inside: return .inside
        case .outside(let o): return o.coverage
        }
    }

    /// The protocol's `coverage.maxMinutesToStrokeUnit` when coverage is `beyond`; `nil` otherwise.
    public var beyondStrokeUnitMinutes: Double? {
        if case .outside(let o) = self, o.coverage == .beyond { return o.maxMinutesToStrokeUnit }
        return nil
    }

    /// The decision, inside coverage; `nil` outside.
    public var decision: RoutingDecision? {
        if case .inside(let d) = self { return d }
        return nil
    }
}

/// An origin beyond the coverage distance of every center in the dataset.
public struct OutsideCoverage: Sendable, Hashable {
    /// The nearest centers of any kind, closest first: information only, never a suggestion.
    public let nearest: [RankedCenter]
    /// The coverage distance that was exceeded (km).
    public let coverageKm: Double
    /// Hedged, localizable statements: the dataset does not cover the origin; local protocol applies.
    public let reasons: [Message]
    /// The coverage warning (`centers.warning.notCovered`), as `centers` shows it.
    public let warnings: [Message]
    /// `.outside` (no center within `coverageKm`) or `.beyond` (no stroke unit within the protocol's drive time).
    public let coverage: Coverage
    /// The protocol's `coverage.maxMinutesToStrokeUnit`, for `.beyond`.
    public let maxMinutesToStrokeUnit: Double?

    /// Creates the outcome for an origin outside coverage.
    public init(nearest: [RankedCenter], coverageKm: Double, reasons: [Message], warnings: [Message],
                coverage: Coverage = .outside, maxMinutesToStrokeUnit: Double? = nil) {
        self.nearest = nearest
        self.coverageKm = coverageKm
        self.reasons = reasons
        self.warnings = warnings
        self.coverage = coverage
        self.maxMinutesToStrokeUnit = maxMinutesToStrokeUnit
    }
}
