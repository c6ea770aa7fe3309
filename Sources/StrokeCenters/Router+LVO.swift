// Rule 2 of the routing decision: a suspected LVO (or coma) and the lysis that is still reachable on the way.

import StrokeModels

extension Router {
    /// The reason LVO is suspected, or `nil` when it is not (`LVOVerdict`: any
    /// criterion suffices; clinical findings take precedence over the estimate).
    func lvoLikely(_ r: RoutingRequest) -> Message? {
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
    ///
    /// The first hospital is the nearest thrombolysis hospital while lysis is reachable there
    /// (`TriageProtocol.lysisReachable`: the estimated needle time inside the window, not excluded by
    /// anticoagulation); the bypass limit is then `lvo.bypassMaxExtraMinutes`. When lysis is not
    /// reachable there — or the patient is comatose (a basilar occlusion is treated up to 24 h;
    /// lysis is no reason to stop first) — nothing is lost by going directly: the limit is
    /// `lvo.bypassMaxExtraMinutesAfterLysisWindow` and the first hospital the nearest stroke unit.
    func lvoRoute(_ r: RoutingRequest, _ reasons: [Message]) throws -> RoutingDecision? {
        guard let evt = nearest(r.origin, Self.thrombectomy) else { return nil }
        let lysis = nearestLysis(r.origin)
        let lysisThere = !r.comatose && lysis.map {
            policy.rules.lysisReachable(onsetMinutes: r.onsetMinutes, driveMinutes: $0.driveMinutes, anticoagulated: r.anticoagulated)
        } == true
        var why: [Message] = []
        if let lysis, !r.comatose {
            why += lysisThere ? (r.onsetMinutes == nil ? [] : [needleReason(r, lysis)]) : noLysisReasons(r, lysis)
        }
        let first = lysisThere ? lysis : preferredStrokeUnit(r.origin)
        guard let first else { return try decide(.thrombectomy, Self.thrombectomy, "thrombectomy", r, reasons + why) }
        let extra = evt.driveMinutes - first.driveMinutes
        let limit = policy.maxExtraMinutes(afterLysisWindow: !lysisThere)
        if extra <= limit {
            why.append(Message(lysisThere ? "centers.reason.thrombectomyDirect" : "centers.reason.thrombectomyDirectLate",
                               [mins(max(0, extra)), mins(limit), mins(TriageProtocol.missionLifelineLVOMaxExtraMinutes)]))
            return try decide(.thrombectomy, Self.thrombectomy, "thrombectomy", r, reasons + why, extraMinutes: extra)
        }
        why.append(Message("centers.reason.dripAndShip", [mins(extra), mins(limit)]))
        if !lysisThere { why.append(Message("centers.reason.dripAndShipLate")) }
        let d = lysisThere
            ? try decide(.dripAndShip, Self.thrombolysis, "thrombolysis", r, reasons + why, extraMinutes: extra)
            : try decide(.dripAndShip, Self.strokeUnitOrHigher, "strokeUnit", r, reasons + why, extraMinutes: extra)
        return d.with(transferPlan: evt, reason: nil)
    }

    /// The nearest hospital with a stroke unit (or higher).
    func preferredStrokeUnit(_ origin: Coordinate) -> RankedCenter? {
        nearest(origin, Self.strokeUnitOrHigher)
    }

    /// "Thrombolysis could start about N min after onset at the nearest thrombolysis hospital (drive D + door-to-needle T min)."
    func needleReason(_ r: RoutingRequest, _ lysis: RankedCenter) -> Message {
        let rules = policy.rules
        let needle = rules.estimatedNeedleMinutes(onsetMinutes: r.onsetMinutes ?? 0, driveMinutes: lysis.driveMinutes)
        // Rounded down inside the window, up past it: a shown value never crosses the window's edge.
        return Message("centers.reason.needleInWindow", [
            mins(needle.rounded(.down)), mins(lysis.driveMinutes), mins(rules[.doorToNeedleMinutes]), mins(rules[.thrombolysisWindowMinutes])])
    }

    /// Why no thrombolysis is expected at the nearest thrombolysis hospital: anticoagulation
    /// (under `lysis.excludedByAnticoagulation`), onset past the window, or the needle time past it.
    func noLysisReasons(_ r: RoutingRequest, _ lysis: RankedCenter?) -> [Message] {
        let rules = policy.rules
        let window = rules[.thrombolysisWindowMinutes]
        if r.anticoagulated && rules.lysisExcludedByAnticoagulation { return [Message("centers.reason.lysisExcludedAnticoagulation")] }
        guard let m = r.onsetMinutes else { return [] }
        if m > window || lysis == nil { return [Message("centers.reason.outsideWindow", [mins(m), mins(window)])] }
        let needle = rules.estimatedNeedleMinutes(onsetMinutes: m, driveMinutes: lysis?.driveMinutes ?? 0)
        return [Message("centers.reason.needleAfterWindow", [
            mins(needle.rounded(.up)), mins(lysis?.driveMinutes ?? 0), mins(rules[.doorToNeedleMinutes]), mins(window)])]
    }
}
