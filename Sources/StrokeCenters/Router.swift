import StrokeModels

/// The routing decision of docs/clinical-reference.md §8 over every center of a dataset,
/// with the one LVO-suspected rule (`LVOVerdict`, §12) and the coverage rule (docs/routing.md).
///
/// First the coverage rule: when every center is farther than `policy.coverageKm`,
/// the outcome is `.outside`: no destination, no urgency, no drip-and-ship
/// arithmetic, only the nearest centers as information. Otherwise these rules,
/// first match wins (p = ICH probability, m = minutes since onset; thresholds in `DecisionRules`):
/// 1. p ≥ 0.50 → nearest neurosurgical center.
/// 2. 0.30 ≤ p < 0.50, or p unknown → nearest neurosurgical or comprehensive
///    (thrombectomy) center; nearest neurosurgical center as transfer plan.
/// 3. p < 0.30, LVO suspected (`LVOVerdict`), m ≤ 24 h or unknown →
///    nearest thrombectomy center when its extra drive vs the nearest
///    thrombolysis hospital is ≤ 15 min; else that hospital with the
///    thrombectomy center as transfer plan (drip-and-ship).
/// 4. p < 0.30, m ≤ 270 or unknown → nearest thrombolysis-capable hospital.
/// 5. Otherwise → nearest stroke unit or higher.
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
    static let neurosurgicalOrComprehensive = CenterFilter.any([.neurosurgery, .thrombectomy])
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
        var reasons: [Message] = []
        let p = r.ichProbability
        let pct: (Double) -> MessageArgument = { .number(($0 * 100).rounded(), maxFractionDigits: 0) }

        let ichHigh = DecisionRules.ichImmediateFrom, ichUncertain = DecisionRules.ichUrgentFrom
        let window = DecisionRules.thrombolysisWindowMinutes
        if let p, p >= ichHigh {
            reasons.append(Message("centers.reason.ichHigh", [pct(p), pct(ichHigh)]))
            reasons.append(Message("centers.reason.preAlertNeurosurgery"))
            return try decide(.neurosurgical, Self.neurosurgical, "neurosurgery", r, reasons)
        }
        guard let ich = p, ich < ichUncertain else {
            if let p {
                reasons.append(Message("centers.reason.ichUncertain", [pct(p), pct(ichUncertain), pct(ichHigh)]))
            } else {
                reasons.append(Message("centers.reason.ichUnknown"))
            }
            var decision = try decide(.neurosurgicalOrComprehensive, Self.neurosurgicalOrComprehensive, "neurosurgicalOrComprehensive", r, reasons)
            if !decision.destination.center.capabilities.neurosurgery,
                let ns = nearest(r.origin, Self.neurosurgical)
            {
                decision = decision.with(transferPlan: ns, reason: Message("centers.reason.transferNeurosurgery"))
            }
            return decision
        }
        let onsetOK = DecisionRules.withinLvoOnsetLimit(r.onsetMinutes)
        if let lvoReason = lvoLikely(r), onsetOK {
            reasons.append(lvoReason)
            reasons.append(Message("centers.reason.ichLow", [pct(ich), pct(ichUncertain)]))
            if r.onsetMinutes == nil { reasons.append(Message("centers.reason.onsetUnknownLvo")) }
            if let route = try lvoRoute(r, reasons) { return route }
            reasons.append(Message("centers.reason.noThrombectomyCenter"))
        }
        if let m = r.onsetMinutes, m > window {
            if reasons.isEmpty { reasons.append(Message("centers.reason.ichLow", [pct(ich), pct(ichUncertain)])) }
            reasons.append(Message("centers.reason.outsideWindow", [.number(m, maxFractionDigits: 0), .number(window, maxFractionDigits: 0)]))
            return try decide(.strokeUnit, Self.strokeUnitOrHigher, "strokeUnit", r, reasons)
        }
        if reasons.isEmpty { reasons.append(Message("centers.reason.ichLow", [pct(ich), pct(ichUncertain)])) }
        if let m = r.onsetMinutes {
            reasons.append(Message("centers.reason.insideWindow", [.number(m, maxFractionDigits: 0), .number(window, maxFractionDigits: 0)]))
        } else {
            reasons.append(Message("centers.reason.onsetUnknownWindow"))
        }
        return try decide(.thrombolysis, Self.thrombolysis, "thrombolysis", r, reasons)
    }

    /// The reason LVO is suspected, or `nil` when it is not (`LVOVerdict`: any
    /// criterion suffices; clinical findings take precedence over the estimate).
    private func lvoLikely(_ r: RoutingRequest) -> Message? {
        guard r.lvo.suspected == true, let first = r.lvo.basis.first else { return nil }
        switch first {
        case .model:
            return Message("centers.reason.lvoLikelyProbability", [
                .number(((r.lvoProbability ?? 0) * 100).rounded(), maxFractionDigits: 0), DecisionRules.precisePercentArgument(LVOModel.threshold)])
        case .fastEd:
            return Message("centers.reason.lvoLikelyFastEd", [
                .number(r.fastEd ?? 0, maxFractionDigits: 0), .number(Double(FastEdExam.lvoSuspectedFrom), maxFractionDigits: 0)])
        case .race, .lams, .cpsss, .pass, .van:
            return Message("centers.reason.lvoLikelyScale", [.text(r.lvo.basis.map(\.rawValue).joined(separator: ", "))])
        }
    }

    /// The LVO rule, or `nil` when the dataset has no thrombectomy center.
    private func lvoRoute(_ r: RoutingRequest, _ reasons: [Message]) throws -> RoutingDecision? {
        guard let evt = nearest(r.origin, Self.thrombectomy) else { return nil }
        guard let lysis = nearest(r.origin, Self.thrombolysis) else {
            return try decide(.thrombectomy, Self.thrombectomy, "thrombectomy", r, reasons)
        }
        let extra = evt.driveMinutes - lysis.driveMinutes
        let limit = policy.maxExtraMinutes
        let mins: (Double) -> MessageArgument = { .number($0, maxFractionDigits: 0) }
        if extra <= limit {
            let why = Message("centers.reason.thrombectomyDirect", [mins(max(0, extra)), mins(limit)])
            return try decide(.thrombectomy, Self.thrombectomy, "thrombectomy", r, reasons + [why], extraMinutes: extra)
        }
        let why = Message("centers.reason.dripAndShip", [mins(extra), mins(limit)])
        var extraReasons = [why]
        if let m = r.onsetMinutes, m > DecisionRules.thrombolysisWindowMinutes {
            extraReasons.append(Message("centers.reason.dripAndShipLate", [mins(DecisionRules.thrombolysisWindowMinutes)]))
        }
        let d = try decide(.dripAndShip, Self.thrombolysis, "thrombolysis", r, reasons + extraReasons, extraMinutes: extra)
        return d.with(transferPlan: evt, reason: nil)
    }

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
            category: category, destination: destination, transferPlan: nil, urgency: r.urgency, reasons: reasons,
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
