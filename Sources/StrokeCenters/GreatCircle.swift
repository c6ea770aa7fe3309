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
