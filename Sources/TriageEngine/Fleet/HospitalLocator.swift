import StrokeCenters
import StrokeModels
import TriageFleet

/// The receiving hospital as the routing code knows it: name and location when
/// its relay id is a stroke center's id in the configured dataset, and the ETA
/// from a position with the routing's own drive-time model (the same minutes
/// `route` shows for that center).
///
/// ```swift
/// let destination = HospitalLocator.destination("uk-wuerzburg", config: config)
/// let eta = HospitalLocator.etaMinutes(from: position, latitude: destination.latitude,
///                                      longitude: destination.longitude, config: config)
/// ```
public enum HospitalLocator {
    /// The destination for a hospital id (name and location when it is a known center of `config`'s dataset).
    public static func destination(_ hospitalId: String, config: AppConfig) -> PreNotifier.Destination {
        guard let dataset = try? CentersEnvironment.dataset(nil, config),
              let center = dataset.centers.first(where: { $0.id == hospitalId }) else {
            return PreNotifier.Destination(hospitalId: hospitalId)
        }
        return PreNotifier.Destination(hospitalId: hospitalId, name: center.name, latitude: center.coordinate.latitude,
                                       longitude: center.coordinate.longitude)
    }

    /// Whole minutes from `origin` to the hospital (rounded to the nearest minute, 0–1440), when its
    /// location is known, with `config`'s routing policy.
    public static func etaMinutes(from origin: Coordinate, latitude: Double?, longitude: Double?, config: AppConfig) -> Int? {
        guard let latitude, let longitude, let policy = try? CentersEnvironment.policy(config) else { return nil }
        let km = GreatCircle.haversineKm(origin, Coordinate(latitude: latitude, longitude: longitude))
        let minutes = policy.drive.minutes(forKm: km)
        guard minutes.isFinite else { return nil }
        return min(1440, max(0, Int(minutes.rounded())))
    }
}
