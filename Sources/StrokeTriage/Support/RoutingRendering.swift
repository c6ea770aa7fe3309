import StrokeCenters
import StrokeModels
import TriageLocalization

/// JSON and human lines for a routing decision, shared by `route` and `RoutingAdvisor`.
enum RoutingRendering {
    /// The `route` JSON object (reasons and warnings as sentences in the localizer's language,
    /// plus their stable keys).
    static func json(_ d: RoutingDecision, origin: Coordinate, place: String?, policy: RoutingPolicy, dataset: String, _ l: Localizer) -> JSONValue {
        var originMembers: [(String, JSONValue)] = [("lat", .number(origin.latitude)), ("lon", .number(origin.longitude))]
        if let place { originMembers.append(("place", .string(place))) }
        return .object([
            ("category", .string(d.category.rawValue)),
            ("destination", CentersRendering.json(d.destination)),
            ("transferPlan", d.transferPlan.map(CentersRendering.json) ?? .null),
            ("urgency", .string(d.urgency.rawValue)),
            ("reasons", .array(d.reasons.map { .string(l.render($0)) })),
            ("reasonCodes", .array(d.reasons.map { .string($0.key) })),
            ("alternatives", .array(d.alternatives.map(CentersRendering.json))),
            ("extraMinutes", d.extraMinutes.map { CentersRendering.rounded($0, 1) } ?? .null),
            ("warnings", .array(d.warnings.map { .string(l.render($0)) })),
            ("origin", .object(originMembers)),
            ("dataset", .string(dataset)),
            ("policy", .object([
                ("maxExtraMinutes", .number(policy.maxExtraMinutes)), ("coverageKm", .number(policy.coverageKm)),
                ("driveModel", CentersRendering.json(policy.drive)),
            ])),
            ("disclaimer", .string(l.text("disclaimer.short"))),
        ])
    }

    /// Human lines: warnings, destination, urgency, transfer plan, reasons, alternatives, drive note.
    static func lines(_ d: RoutingDecision, policy: RoutingPolicy, _ l: Localizer) -> [String] {
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
