import StrokeModels

/// The routing decision of docs/clinical-reference.md §8 over every center of a dataset,
/// with the one LVO-suspected rule (`LVOVerdict`, §12), the coverage rule (docs/routing.md)
/// and the local protocol's limits (`policy.rules`, `TriageProtocol`).
///
/// First the coverage rule: when every center is farther than `policy.coverageKm`,
/// the outcome is `.outside`: no destination, no urgency, no drip-and-ship
/// arithmetic, only the nearest centers as information. Otherwise these rules,
/// first match wins (p = decision-grade ICH probability, nil when there is none;
/// m = minutes since onset, unknown = window open). No rule sends a patient past the
/// nearest suitable hospital for more than the protocol's limit:
/// 1. p ≥ `ich.immediateFrom` → nearest neurosurgical center when it adds at most
///    `ich.bypassMaxExtraMinutes` over the nearest stroke unit; else that stroke unit
///    with the neurosurgical center as transfer plan.
/// 2. LVO suspected (or the coma module: basilar occlusion), m ≤ the thrombectomy window →
///    nearest thrombectomy center when it adds at most `policy.maxExtraMinutes` (inside the
///    thrombolysis window) or `lvo.bypassMaxExtraMinutesAfterLysisWindow` (after it) over the
///    nearest thrombolysis hospital; else that hospital with the thrombectomy center as
///    transfer plan (drip-and-ship).
/// 3. m ≤ the thrombolysis window → nearest thrombolysis-capable hospital.
/// 4. Otherwise → nearest stroke unit or higher.
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

    /// Decides where to go, or that the dataset does not cover the origin.
    /// - Throws: `CentersError.noEligibleCenter` when no center meets the chosen rule's requirement.
    public func route(_ r: RoutingRequest) throws -> RoutingOutcome {
        if let outside = outsideCoverage(r.origin) { return .outside(outside) }
        return .inside(try decision(r))
    }

    /// Whether the dataset covers `origin` (the nearest center of any kind within `policy.coverageKm`).
    public func coverage(of origin: Coordinate) -> Coverage {
        outsideCoverage(origin) == nil ? .inside : .outside
    }

    /// The outside-coverage outcome, or `nil` when the nearest center is within the coverage distance.
    private func outsideCoverage(_ origin: Coordinate) -> OutsideCoverage? {
        let nearest = dataset.nearest(to: origin, limit: 1 + alternativeCount, filter: .none, drive: policy.drive)
        guard let first = nearest.first, first.distanceKm > policy.coverageKm else { return nil }
        return OutsideCoverage(
            nearest: nearest, coverageKm: policy.coverageKm,
            reasons: [Message("centers.reason.outsideCoverage"), Message("centers.reason.localProtocol")],
            warnings: coverageWarnings(origin))
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
        } else if rules.withinThrombolysisWindow(r.onsetMinutes) {
            if let m = r.onsetMinutes {
                reasons.append(Message("centers.reason.insideWindow", [mins(m), mins(window)]))
            } else {
                reasons.append(Message("centers.reason.onsetUnknownWindow"))
            }
            decision = try decide(.thrombolysis, Self.thrombolysis, "thrombolysis", r, reasons)
        } else {
            reasons.append(Message("centers.reason.outsideWindow", [mins(r.onsetMinutes ?? 0), mins(window)]))
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
    private func ichRoute(_ r: RoutingRequest, _ reasons: [Message]) throws -> RoutingDecision {
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

    /// The reason LVO is suspected, or `nil` when it is not (`LVOVerdict`: any
    /// criterion suffices; clinical findings take precedence over the estimate).
    private func lvoLikely(_ r: RoutingRequest) -> Message? {
        if r.comatose { return Message("centers.reason.comaBasilar") }
        let lvo = r.verdict(policy.rules)
        guard lvo.suspected == true, let first = lvo.basis.first else { return nil }
        switch first {
        case .model:
            let threshold = policy.rules[.lvoModelThreshold]
            return Message("centers.reason.lvoLikelyProbability", [
                PercentDisplay.reasonArgument(r.lvoProbability ?? 0, edges: [threshold]), DecisionRules.precisePercentArgument(threshold)])
        case .fastEd:
            return Message("centers.reason.lvoLikelyFastEd", [
                .number(r.fastEd ?? 0, maxFractionDigits: 0), .number(policy.rules[.lvoFastEdFrom], maxFractionDigits: 0)])
        case .race, .lams, .cpsss, .pass, .van:
            return Message("centers.reason.lvoLikelyScale", [.text(lvo.basis.map(\.rawValue).joined(separator: ", "))])
        }
    }

    /// The LVO rule, or `nil` when the dataset has no thrombectomy center.
    private func lvoRoute(_ r: RoutingRequest, _ reasons: [Message]) throws -> RoutingDecision? {
        guard let evt = nearest(r.origin, Self.thrombectomy) else { return nil }
        guard let lysis = nearest(r.origin, Self.thrombolysis) else {
            return try decide(.thrombectomy, Self.thrombectomy, "thrombectomy", r, reasons)
        }
        let extra = evt.driveMinutes - lysis.driveMinutes
        let late = !policy.rules.withinThrombolysisWindow(r.onsetMinutes)
        let limit = policy.maxExtraMinutes(afterLysisWindow: late)
        if extra <= limit {
            let why = Message(late ? "centers.reason.thrombectomyDirectLate" : "centers.reason.thrombectomyDirect",
                              [mins(max(0, extra)), mins(limit), mins(TriageProtocol.missionLifelineLVOMaxExtraMinutes)])
            return try decide(.thrombectomy, Self.thrombectomy, "thrombectomy", r, reasons + [why], extraMinutes: extra)
        }
        let why = Message("centers.reason.dripAndShip", [mins(extra), mins(limit)])
        var extraReasons = [why]
        if late {
            extraReasons.append(Message("centers.reason.dripAndShipLate", [mins(policy.rules[.thrombolysisWindowMinutes])]))
        }
        let d = try decide(.dripAndShip, Self.thrombolysis, "thrombolysis", r, reasons + extraReasons, extraMinutes: extra)
        return d.with(transferPlan: evt, reason: nil)
    }

    /// Whole minutes as a message argument (drive times, limits, onset).
    private func mins(_ minutes: Double) -> MessageArgument { .number(minutes, maxFractionDigits: 0) }

    private func nearest(_ origin: Coordinate, _ filter: CenterFilter) -> RankedCenter? {
        dataset.nearest(to: origin, limit: 1, filter: filter, drive: policy.drive).first
    }

    private func decide(
        _ category: RoutingDecision.Category, _ filter: CenterFilter, _ requirement: String,
        _ r: RoutingRequest, _ reasons: [Message], extraMinutes: Double? = nil
    ) throws -> RoutingDecision {
        let ranked = dataset.nearest(to: r.origin, limit: 1 + alternativeCount, filter: filter, drive: policy.drive)
        guard let destination = ranked.first else { throw CentersError.noEligibleCenter(requirement: requirement) }
        return RoutingDecision(
            category: category, destination: destination, transferPlan: nil, urgency: r.urgency(policy.rules), reasons: reasons,
            alternatives: Array(ranked.dropFirst()), warnings: coverageWarnings(r.origin, destination),
            extraMinutes: extraMinutes)
    }

    /// A warning when the origin is farther than `coverageKm` from every center (outside
    /// coverage), and another when only the chosen destination is that far.
    public func coverageWarnings(_ origin: Coordinate, _ destination: RankedCenter? = nil) -> [Message] {
        guard let any = nearest(origin, .none) else { return [] }
        let km: (Double) -> MessageArgument = { .number($0, maxFractionDigits: 0) }
        if any.distanceKm > policy.coverageKm {
            return [Message("centers.warning.notCovered", [km(any.distanceKm), km(policy.coverageKm)])]
        }
        if let destination, destination.distanceKm > policy.coverageKm {
            return [Message("centers.warning.destinationFar", [km(destination.distanceKm), km(policy.coverageKm)])]
        }
        return []
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
