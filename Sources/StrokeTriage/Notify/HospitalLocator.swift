import StrokeCenters
import StrokeModels
import TriageEngine

/// The receiving hospital as the routing code knows it: name and location when
/// its relay id is a stroke center's id in the configured dataset, and the ETA
/// from a position with the routing's own drive-time model (the same minutes
/// `route` shows for that center).
enum HospitalLocator {
    /// The destination for a hospital id (name and location when it is a known center).
    static func destination(_ hospitalId: String) -> PreNotifier.Destination {
        let config = CentersEnvironment.config()
        guard let dataset = try? CentersEnvironment.dataset(nil, config),
              let center = dataset.centers.first(where: { $0.id == hospitalId }) else {
            return PreNotifier.Destination(hospitalId: hospitalId)
        }
        return PreNotifier.Destination(hospitalId: hospitalId, name: center.name, latitude: center.coordinate.latitude,
                                       longitude: center.coordinate.longitude)
    }

    /// Whole minutes from `origin` to the hospital (rounded to the nearest minute), when its location is known.
    static func etaMinutes(from origin: Coordinate, latitude: Double?, longitude: Double?) -> Int? {
        guard let latitude, let longitude,
              let policy = try? CentersEnvironment.policy(CentersEnvironment.config()) else { return nil }
        let km = GreatCircle.haversineKm(origin, Coordinate(latitude: latitude, longitude: longitude))
        let minutes = policy.drive.minutes(forKm: km)
        guard minutes.isFinite else { return nil }
        return min(1440, max(0, Int(minutes.rounded())))
    }
}
