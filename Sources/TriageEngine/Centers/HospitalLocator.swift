import StrokeCenters
import StrokeModels

/// The receiving hospital as the routing code knows it: the stroke center whose id is
/// the hospital's relay id in the configured dataset, and the ETA from a position with
/// the routing's own drive-time model (the same minutes `route` shows for that center).
/// The pre-notification's destination is built from these (TriageFleet).
///
/// ```swift
/// let center = HospitalLocator.center("uk-wuerzburg", config: config)
/// let eta = HospitalLocator.etaMinutes(from: position, latitude: center?.coordinate.latitude,
///                                      longitude: center?.coordinate.longitude, config: config)
/// ```
public enum HospitalLocator {
    /// The stroke center of `config`'s dataset whose id is `hospitalId`; `nil` when there is none
    /// (or the dataset cannot be read).
    public static func center(_ hospitalId: String, config: AppConfig) -> StrokeCenter? {
        guard let dataset = try? CentersEnvironment.dataset(nil, config) else { return nil }
        return dataset.centers.first(where: { $0.id == hospitalId })
    }

    /// The ids of every stroke center in `config`'s dataset (what a board accepts as a case's destination);
    /// `nil` when the dataset cannot be read.
    public static func centerIds(config: AppConfig) -> Set<String>? {
        (try? CentersEnvironment.dataset(nil, config)).map { Set($0.centers.map(\.id)) }
    }

    /// Whole minutes from `origin` to the hospital (rounded to the nearest minute, at most a day:
    /// `OutcomeModel.maximumMinutes`, the longest drive time accepted), when its
    /// location is known, with `config`'s routing policy.
    public static func etaMinutes(from origin: Coordinate, latitude: Double?, longitude: Double?, config: AppConfig) -> Int? {
        guard let latitude, let longitude, let policy = try? CentersEnvironment.policy(config) else { return nil }
        let km = GreatCircle.haversineKm(origin, Coordinate(latitude: latitude, longitude: longitude))
        let minutes = policy.drive.minutes(forKm: km)
        guard minutes.isFinite else { return nil }
        return min(Int(OutcomeModel.maximumMinutes), max(0, Int(minutes.rounded())))
    }
}
