// The coverage rules of routing: where the bundled list can suggest a destination, and where it must not.

import StrokeModels

extension Router {
    /// Whether the dataset covers `origin`: `outside` when every center is farther than
    /// `policy.coverageKm`, `beyond` when the nearest listed stroke unit is farther than
    /// `coverage.maxMinutesToStrokeUnit`, else `inside`.
    public func coverage(of origin: Coordinate) -> Coverage {
        outsideCoverage(origin)?.coverage ?? .inside
    }

    /// The no-destination outcome, or `nil` when the dataset covers `origin`.
    ///
    /// Coverage is decided by drive time to a stroke unit (docs/clinical-reference.md §13): the
    /// list is incomplete, and past an hour's drive to its nearest stroke unit a nearer unlisted
    /// hospital is likely, so the regional plan (dispatch) decides, never a long drive from the list.
    func outsideCoverage(_ origin: Coordinate) -> OutsideCoverage? {
        let nearest = dataset.nearest(to: origin, limit: 1 + alternativeCount, filter: .none, drive: policy.drive)
        guard let first = nearest.first else { return nil }
        if first.distanceKm > policy.coverageKm {
            return OutsideCoverage(
                nearest: nearest, coverageKm: policy.coverageKm,
                reasons: [Message("centers.reason.outsideCoverage"), Message("centers.reason.localProtocol")],
                warnings: coverageWarnings(origin))
        }
        let limit = policy.rules[.coverageMaxMinutesToStrokeUnit]
        let unit = self.nearest(origin, Self.withStrokeUnit)
        guard unit.map({ $0.driveMinutes > limit }) ?? true else { return nil }
        let minutes = MessageArgument.number(limit, maxFractionDigits: 0)
        var reasons = [Message("centers.reason.beyondStrokeUnit", [minutes])]
        if let unit {
            reasons.append(Message("centers.reason.nearestStrokeUnitDrive", [.number(unit.driveMinutes.rounded(.up), maxFractionDigits: 0)]))
        }
        reasons.append(Message("centers.reason.regionalPlan"))
        return OutsideCoverage(
            nearest: nearest, coverageKm: policy.coverageKm, reasons: reasons,
            warnings: [Message("centers.warning.noStrokeUnitWithin", [minutes])],
            coverage: .beyond, maxMinutesToStrokeUnit: limit)
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
