/// The drive-time heuristic: minutes = overhead + roadFactor × km ÷ speed × 60.
///
/// A documented estimate, not a road route: `roadFactor` turns great-circle
/// distance into road distance (German road networks are typically 1.2–1.4
/// times the straight line), `speedKmh` is an average emergency-drive speed,
/// and `overheadMinutes` covers leaving the scene and handover.
public struct DriveTimeModel: Sendable, Hashable {
    /// Road distance ÷ great-circle distance (default 1.3).
    public let roadFactor: Double
    /// Average speed on the road in km/h (default 80).
    public let speedKmh: Double
    /// Fixed minutes added to every trip (default 5).
    public let overheadMinutes: Double

    /// The defaults documented in the README.
    public static let standard = DriveTimeModel(roadFactor: 1.3, speedKmh: 80, overheadMinutes: 5)

    /// Creates a model; values must be finite, factor ≥ 1, speed > 0, overhead ≥ 0 (checked by callers).
    public init(roadFactor: Double, speedKmh: Double, overheadMinutes: Double) {
        self.roadFactor = roadFactor
        self.speedKmh = speedKmh
        self.overheadMinutes = overheadMinutes
    }

    /// Estimated minutes for a great-circle distance in km.
    public func minutes(forKm km: Double) -> Double { overheadMinutes + roadFactor * km / speedKmh * 60 }
}
