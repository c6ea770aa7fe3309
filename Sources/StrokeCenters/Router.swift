import StrokeModels

/// The routing decision of docs/clinical-reference.md §8 over every center of a dataset,
/// with the one LVO-suspected rule (`LVOVerdict`, §12), the coverage rule (docs/routing.md)
/// and the local protocol's limits (`policy.rules`, `TriageProtocol`).
///
/// First the coverage rules (`Router+Coverage`): every center farther than `policy.coverageKm`
/// (`outside`), or the nearest listed stroke unit farther than `coverage.maxMinutesToStrokeUnit`
/// (`beyond`): no destination, only the nearest centers as information. Otherwise these rules,
/// first match wins (p = decision-grade ICH probability, nil when there is none;
/// m = minutes since onset, unknown = window open; "lysis reachable" at a hospital = onset + drive +
/// `window.doorToNeedleMinutes` ≤ `window.thrombolysisMinutes` and not excluded by anticoagulation,
/// `TriageProtocol.lysisReachable`). No rule sends a patient past the nearest suitable hospital
/// for more than the protocol's limit:
/// 1. p ≥ `ich.immediateFrom` → nearest neurosurgical center when it adds at most
///    `ich.bypassMaxExtraMinutes` over the nearest stroke unit; else that stroke unit
///    with the neurosurgical center as transfer plan.
/// 2. LVO suspected, m ≤ the thrombectomy window (`Router+LVO`) → nearest thrombectomy center when
///    it adds at most `lvo.bypassMaxExtraMinutes` over the nearest thrombolysis hospital while lysis
///    is reachable there, else at most `lvo.bypassMaxExtraMinutesAfterLysisWindow`; else that hospital
///    (lysis reachable) or the nearest stroke unit (not) with the thrombectomy center as transfer plan.
///    Coma (a basilar occlusion cannot be excluded): always the after-window limit over the nearest stroke unit.
/// 3. Lysis reachable at the nearest thrombolysis hospital → that hospital.
/// 4. Otherwise → nearest stroke unit or higher.
/// A hospital without a stroke unit is never the destination when one with a stroke unit meeting the
/// same requirement is at most `strokeUnit.preferWithinMinutes` farther.
/// A decision-grade ICH between `ich.uncertainFrom` and `ich.immediateFrom` never bypasses:
/// rules 2–4 decide and a neurosurgical center is named as transfer plan when the destination has none.
/// The urgency is the decision's (`TriageUrgency`), whichever rule chose the center.
public struct Router: Sendable {
    /// The dataset routed over (all of it; never partitioned by state).
    public let dataset: CenterDataset
    /// The thresholds.
    public let policy: RoutingPolicy
    /// How many alternatives to list.
    public let alternativeCount: Int

    /// Creates a router.
    public init(dataset: CenterDataset, policy: RoutingPolicy = RoutingPolicy(), alternativeCount: Int = 3) {
        self.dataset = dataset
        self.policy = policy
        self.alternativeCount = alternativeCount
    }

    static let neurosurgical = CenterFilter.all(.neurosurgery)
    static let thrombectomy = CenterFilter.all(.thrombectomy)
    static let thrombolysis = CenterFilter.all(.thrombolysis)
    static let strokeUnitOrHigher = CenterFilter.any([.strokeUnit, .neurosurgery, .thrombectomy])
    static let withStrokeUnit = CenterFilter.all(.strokeUnit)

    /// Decides where to go, or that the dataset does not cover the origin.
    /// - Throws: `CentersError.noEligibleCenter` when no center meets the chosen rule's requirement.
    public func route(_ r: RoutingRequest) throws -> RoutingOutcome {
        if let outside = outsideCoverage(r.origin) { return .outside(outside) }
        return .inside(try decision(r))
    }

    /// The rules above, for an origin inside coverage.
    private func decision(_ r: RoutingRequest) throws -> RoutingDecision {
        let rules = policy.rules
        let edges = PercentDisplay.edges(rules)
        let pct: (Double) -> MessageArgument = { PercentDisplay.reasonArgument($0, edges: edges) }
        let ichHigh = rules[.ichImmediateFrom], ichUncertain = rules[.ichUncertainFrom]
        let window = rules[.thrombolysisWindowMinutes]
        var reasons: [Message] = []
        if let p = r.ichProbability, p >= ichHigh {
            reasons.append(Message("centers.reason.ichHigh", [pct(p), pct(ichHigh)]))
            return try ichRoute(r, reasons)
        }
        switch r.ichProbability {
        case let p? where p >= ichUncertain:
            reasons.append(Message("centers.reason.ichUncertainNoBypass", [pct(p), pct(ichUncertain), pct(ichHigh)]))
        case let p?:
            reasons.append(Message("centers.reason.ichLow", [pct(p), pct(ichUncertain)]))
        case nil:
            reasons.append(Message("centers.reason.ichNotDecisionGrade"))
        }
        var lvoDecision: RoutingDecision?
        if let lvoReason = lvoLikely(r), rules.withinThrombectomyWindow(r.onsetMinutes) {
            reasons += [lvoReason] + (r.onsetMinutes == nil ? [Message("centers.reason.onsetUnknownLvo", [
                .number(rules[.thrombectomyWindowMinutes] / 60, maxFractionDigits: 1)])] : [])
            lvoDecision = try lvoRoute(r, reasons)
            if lvoDecision == nil { reasons.append(Message("centers.reason.noThrombectomyCenter")) }
        }
        var decision: RoutingDecision
        if let lvoDecision {
            decision = lvoDecision
        } else if let lysis = nearestLysis(r.origin), rules.lysisReachable(onsetMinutes: r.onsetMinutes, driveMinutes: lysis.driveMinutes,
                                                                            anticoagulated: r.anticoagulated) {
            if let m = r.onsetMinutes {
                reasons.append(Message("centers.reason.insideWindow", [mins(m), mins(window)]))
                reasons.append(needleReason(r, lysis))
            } else {
                reasons.append(Message("centers.reason.onsetUnknownWindow"))
            }
            decision = try decide(.thrombolysis, Self.thrombolysis, "thrombolysis", r, reasons)
        } else {
            reasons += noLysisReasons(r, nearestLysis(r.origin)) + [Message("centers.reason.nearestStrokeUnit")]
            decision = try decide(.strokeUnit, Self.strokeUnitOrHigher, "strokeUnit", r, reasons)
        }
        if let p = r.ichProbability, p >= ichUncertain, decision.transferPlan == nil,
           !decision.destination.center.capabilities.neurosurgery, let ns = nearest(r.origin, Self.neurosurgical) {
            decision = decision.with(transferPlan: ns, reason: Message("centers.reason.transferNeurosurgery"))
        }
        return decision
    }

    /// Rule 1: a likely haemorrhage goes to the nearest neurosurgical center within the
    /// protocol's extra-drive limit, else to the nearest stroke unit with a transfer plan.
    func ichRoute(_ r: RoutingRequest, _ reasons: [Message]) throws -> RoutingDecision {
        let limit = policy.rules[.ichBypassMaxExtraMinutes]
        guard let ns = nearest(r.origin, Self.neurosurgical) else {
            return try decide(.strokeUnit, Self.strokeUnitOrHigher, "strokeUnit", r, reasons + [Message("centers.reason.noNeurosurgicalCenter")])
        }
        guard let unit = nearest(r.origin, Self.strokeUnitOrHigher) else {
            return try decide(.neurosurgical, Self.neurosurgical, "neurosurgery", r, reasons)
        }
        let extra = ns.driveMinutes - unit.driveMinutes
        if extra <= limit {
            let why = [Message("centers.reason.neurosurgeryDirect", [mins(max(0, extra)), mins(limit)]), Message("centers.reason.preAlertNeurosurgery")]
            return try decide(.neurosurgical, Self.neurosurgical, "neurosurgery", r, reasons + why, extraMinutes: extra)
        }
        let why = Message("centers.reason.neurosurgeryTransfer", [mins(extra), mins(limit)])
        let d = try decide(.neurosurgicalTransfer, Self.strokeUnitOrHigher, "strokeUnit", r, reasons + [why], extraMinutes: extra)
        return d.with(transferPlan: ns, reason: nil)
    }

    /// Whole minutes as a message argument (drive times, limits, onset).
    func mins(_ minutes: Double) -> MessageArgument { .number(minutes, maxFractionDigits: 0) }

    func nearest(_ origin: Coordinate, _ filter: CenterFilter) -> RankedCenter? {
        dataset.nearest(to: origin, limit: 1, filter: filter, drive: policy.drive).first
    }

    /// The nearest thrombolysis hospital, a stroke unit preferred (`preferringStrokeUnit`).
    func nearestLysis(_ origin: Coordinate) -> RankedCenter? {
        nearest(origin, Self.thrombolysis).map { preferringStrokeUnit($0, origin, Self.thrombolysis) }
    }

    /// `first`, or the nearest center with a stroke unit meeting `filter` when `first` has none and that
    /// one is at most `strokeUnit.preferWithinMinutes` farther.
    func preferringStrokeUnit(_ first: RankedCenter, _ origin: Coordinate, _ filter: CenterFilter) -> RankedCenter {
        guard !first.center.capabilities.strokeUnit else { return first }
        let mask: CapabilityMask = switch filter {
        case .all(let m): m.union(.strokeUnit)
        case .any, .none: .strokeUnit
        }
        guard let unit = nearest(origin, .all(mask)),
              unit.driveMinutes - first.driveMinutes <= policy.rules[.strokeUnitPreferWithinMinutes] else { return first }
        return unit
    }

    func decide(
        _ category: RoutingDecision.Category, _ filter: CenterFilter, _ requirement: String,
        _ r: RoutingRequest, _ reasons: [Message], extraMinutes: Double? = nil
    ) throws -> RoutingDecision {
        let ranked = dataset.nearest(to: r.origin, limit: 2 + alternativeCount, filter: filter, drive: policy.drive)
        guard let first = ranked.first else { throw CentersError.noEligibleCenter(requirement: requirement) }
        let destination = preferringStrokeUnit(first, r.origin, filter)
        var reasons = reasons
        if destination.center.id != first.center.id {
            reasons.append(Message("centers.reason.preferStrokeUnit", [
                mins(max(0, destination.driveMinutes - first.driveMinutes)), mins(policy.rules[.strokeUnitPreferWithinMinutes])]))
        }
        let alternatives = ranked.filter { $0.center.id != destination.center.id }.prefix(alternativeCount)
        return RoutingDecision(
            category: category, destination: destination, transferPlan: nil, urgency: r.urgency(policy.rules), reasons: reasons,
            alternatives: Array(alternatives), warnings: coverageWarnings(r.origin, destination),
            extraMinutes: extraMinutes)
    }
}

extension RoutingDecision {
    /// The same decision with a transfer plan (and one more reason).
    func with(transferPlan: RankedCenter, reason: Message?) -> RoutingDecision {
        RoutingDecision(
            category: category, destination: destination, transferPlan: transferPlan, urgency: urgency,
            reasons: reasons + (reason.map { [$0] } ?? []), alternatives: alternatives, warnings: warnings,
            extraMinutes: extraMinutes)
    }
}
