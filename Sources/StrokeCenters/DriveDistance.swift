// Distance and drive time: great-circle geometry and the drive-time heuristic.

import Foundation
import StrokeModels

/// Great-circle distances on a sphere of radius 6371 km.
public enum GreatCircle {
    /// Mean Earth radius in km (docs/clinical-reference.md §8).
    public static let earthRadiusKm = 6371.0

    /// Haversine distance in km between two points given in degrees.
    public static func haversineKm(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let dφ = φ2 - φ1, dλ = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(h)))
    }

    /// The point as a unit vector (x, y, z); chord length between two such
    /// vectors is monotonic in their great-circle distance.
    public static func unitVector(_ c: Coordinate) -> SIMD3<Double> {
        let φ = c.latitude * .pi / 180, λ = c.longitude * .pi / 180
        return SIMD3(cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }

    /// The squared chord between two unit vectors (the index's ranking key).
    @inline(__always)
    public static func chordSquared(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return d.x * d.x + d.y * d.y + d.z * d.z
    }
}

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
