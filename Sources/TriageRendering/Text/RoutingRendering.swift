import StrokeJSON
import StrokeCenters
import StrokeModels
import TriageLocalization

/// JSON and human lines for a routing decision, shared by `route` and `RoutingAdvisor`.
public enum RoutingRendering {
    /// The `route` JSON object (reasons and warnings as sentences in the localizer's language,
    /// plus their stable keys). `coverage` is `inside` or `outside`; outside, `destination`,
    /// `category`, `urgency`, `transferPlan` and `extraMinutes` are null, `alternatives` is
    /// empty, and `nearestCenters` lists the nearest centers as information only
    /// (empty inside). After `extraMinutes` come the expected-outcome members
    /// (`RoutingOutcomeRendering.members`) when `outcomes` is given.
    public static func json(_ o: RoutingOutcome, origin: Coordinate, place: String?, policy: RoutingPolicy, dataset: String,
                            outcomes: RoutingOutcomes? = nil, _ l: Localizer) -> JSONValue {
        var originMembers: [(String, JSONValue)] = [("lat", .number(origin.latitude)), ("lon", .number(origin.longitude))]
        if let place { originMembers.append(("place", .string(place))) }
        let d = o.decision
        let reasons: [Message], warnings: [Message], nearest: [RankedCenter]
        switch o {
        case .inside(let decision): (reasons, warnings, nearest) = (decision.reasons, decision.warnings, [])
        case .outside(let outside): (reasons, warnings, nearest) = (outside.reasons, outside.warnings, outside.nearest)
        }
        let head: [(String, JSONValue)] = [
            ("coverage", .string(o.coverage.rawValue)),
            ("category", d.map { .string($0.category.rawValue) } ?? .null),
            ("destination", d.map { CentersRendering.json($0.destination) } ?? .null),
            ("transferPlan", d?.transferPlan.map(CentersRendering.json) ?? .null),
            ("urgency", d.map { .string($0.urgency.rawValue) } ?? .null),
            ("reasons", .array(reasons.map { .string(l.render($0)) })),
            ("reasonCodes", .array(reasons.map { .string($0.key) })),
            ("alternatives", .array((d?.alternatives ?? []).map(CentersRendering.json))),
            ("nearestCenters", .array(nearest.map(CentersRendering.json))),
            ("extraMinutes", d?.extraMinutes.map { CentersRendering.rounded($0, 1) } ?? .null),
        ]
        return .object(head + RoutingOutcomeRendering.members(outcomes, l) + [
            ("warnings", .array(warnings.map { .string(l.render($0)) })),
            ("origin", .object(originMembers)),
            ("dataset", .string(dataset)),
            ("policy", .object([
                ("maxExtraMinutes", .number(policy.maxExtraMinutes)), ("coverageKm", .number(policy.coverageKm)),
                ("driveModel", CentersRendering.json(policy.drive)),
            ])),
            ("protocol", .object([("id", .string(policy.rules.id)), ("sha256", .string(policy.rules.sha256))])),
            ("disclaimer", .string(l.text("disclaimer.short"))),
        ])
    }

    /// Human lines: inside coverage the decision; outside, that no destination is
    /// suggested, why, and the nearest centers as information only. Inside, the expected
    /// outcome by destination (`RoutingOutcomeRendering`) follows the reasons when given.
    public static func lines(_ o: RoutingOutcome, policy: RoutingPolicy, outcomes: RoutingOutcomes? = nil, _ l: Localizer) -> [String] {
        switch o {
        case .inside(let d): return lines(d, policy: policy, outcomes: outcomes, l)
        case .outside(let outside): return lines(outside, policy: policy, l)
        }
    }

    /// Outside coverage: warning, "no destination", the reasons, the nearest centers as information, drive note.
    private static func lines(_ o: OutsideCoverage, policy: RoutingPolicy, _ l: Localizer) -> [String] {
        var out = o.warnings.map { "! " + l.render($0) }
        out.append(l.text("centers.route.noDestination"))
        out += o.reasons.map { "  - " + l.render($0) }
        out.append(l.text("centers.route.nearestInformation"))
        for (i, c) in o.nearest.enumerated() {
            out += CentersRendering.lines(c, title: "  \(i + 1).", indent: "     ", l)
        }
        out.append(CentersRendering.driveNote(policy.drive, l))
        return out
    }

    /// Inside coverage: warnings, destination, urgency, transfer plan, reasons, alternatives, drive note.
    private static func lines(_ d: RoutingDecision, policy: RoutingPolicy, outcomes: RoutingOutcomes?, _ l: Localizer) -> [String] {
        var out = d.warnings.map { "! " + l.render($0) }
        out.append(l.text("centers.route.category", [.key("centers.category.\(d.category.rawValue)")]))
        out += CentersRendering.lines(d.destination, title: l.text("centers.route.destination"), l)
        out.append(l.text("centers.route.urgency", [.key("centers.urgency.\(d.urgency.rawValue)")]))
        if let t = d.transferPlan {
            out += CentersRendering.lines(t, title: l.text("centers.route.transfer"), l)
        }
        out.append(l.text("centers.route.reasons"))
        out += d.reasons.map { "  - " + l.render($0) }
        out.append(CentersRendering.driveNote(policy.drive, l))
        out += RoutingOutcomeRendering.lines(outcomes, decision: d, policy: policy, l)
        if d.alternatives.isEmpty {
            out.append(l.text("centers.route.noAlternatives"))
        } else {
            out.append(l.text("centers.route.alternatives"))
            for (i, a) in d.alternatives.enumerated() {
                out += CentersRendering.lines(a, title: "  \(i + 1).", indent: "     ", l)
            }
        }
        return out
    }
}
