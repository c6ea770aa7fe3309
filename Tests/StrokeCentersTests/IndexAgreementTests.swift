import StrokeCenters
import StrokeModels
import Testing

/// The k-d index returns exactly what checking every center returns.
@Suite struct IndexAgreementTests {
    /// A named family of random point sets.
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case global, antimeridian, northPole, southPole, ties, germany
        var testDescription: String { rawValue }

        func point(_ g: inout SeededGenerator) -> Coordinate {
            switch self {
            case .global:
                // Uniform on the sphere.
                let z = Double.random(in: -1...1, using: &g)
                return Coordinate(latitude: asinDegrees(z), longitude: Double.random(in: -180...180, using: &g))
            case .antimeridian:
                let lon = Double.random(in: -2...2, using: &g)
                return Coordinate(latitude: Double.random(in: -30...30, using: &g), longitude: lon < 0 ? 180 + lon : -180 + lon)
            case .northPole:
                return Coordinate(latitude: Double.random(in: 88...90, using: &g), longitude: Double.random(in: -180...180, using: &g))
            case .southPole:
                return Coordinate(latitude: Double.random(in: -90 ... -88, using: &g), longitude: Double.random(in: -180...180, using: &g))
            case .ties:
                // Few distinct positions, many centers on each: every query has exact ties.
                let grid = [(48.0, 11.0), (48.0, 11.5), (48.5, 11.0), (47.5, 11.25), (48.0, 10.5)]
                let p = grid[Int.random(in: 0..<grid.count, using: &g)]
                return Coordinate(latitude: p.0, longitude: p.1)
            case .germany:
                return Coordinate(latitude: Double.random(in: 47.2...55.1, using: &g), longitude: Double.random(in: 5.8...15.1, using: &g))
            }
        }
    }

    static func asinDegrees(_ z: Double) -> Double { Double.asinDegrees(z) }

    static let filters: [CenterFilter] = [
        .none, .all(.thrombectomy), .all(.neurosurgery), .all([.thrombectomy, .strokeUnit]), .any([.neurosurgery, .thrombectomy]),
        .all(.strokeUnit),
    ]

    @Test(arguments: Shape.allCases)
    func indexEqualsBruteForce(_ shape: Shape) {
        var g = SeededGenerator(seed: 0x5EED_0000 &+ UInt64(Shape.allCases.firstIndex(of: shape)!))
        for size in [1, 2, 7, 64, 300, 1200] {
            let points = (0..<size).map { _ in shape.point(&g) }
            // Bits: 1 neurosurgery (rare), 2 thrombectomy, 4 thrombolysis, 8 stroke unit.
            let masks = (0..<size).map { _ in UInt8.random(in: 0...15, using: &g) & (Bool.random(using: &g) ? 15 : 14) }
            let index = NearestCenterIndex(points: points.map(GreatCircle.unitVector), masks: masks)
            for _ in 0..<25 {
                // Queries near the shape and anywhere on Earth.
                let q = Bool.random(using: &g) ? shape.point(&g) : Shape.global.point(&g)
                let k = [1, 3, 5, 17, size + 2][Int.random(in: 0..<5, using: &g)]
                for filter in Self.filters {
                    let fast = index.nearest(to: q, limit: k, filter: filter)
                    let slow = index.bruteForceNearest(to: q, limit: k, filter: filter)
                    #expect(fast == slow, "shape \(shape) size \(size) k \(k) filter \(filter)")
                }
            }
        }
    }

    @Test func rankingFollowsHaversineDistance() {
        var g = SeededGenerator(seed: 42)
        let points = (0..<400).map { _ in Shape.global.point(&g) }
        let index = NearestCenterIndex(points: points.map(GreatCircle.unitVector), masks: Array(repeating: 15, count: points.count))
        for _ in 0..<50 {
            let q = Shape.global.point(&g)
            let ranked = index.nearest(to: q, limit: 400)
            let km = ranked.map { GreatCircle.haversineKm(q, points[$0.index]) }
            for (a, b) in zip(km, km.dropFirst()) { #expect(a <= b + 1e-9) }
            // Chord and haversine describe the same distance.
            for (n, d) in zip(ranked, km) {
                let fromChord = 2 * GreatCircle.earthRadiusKm * Double.asinValue(min(1, n.chordSquared.squareRoot() / 2))
                #expect(abs(fromChord - d) < 1e-6)
            }
        }
    }

    @Test func tiesAreBrokenByDatasetOrder() {
        let same = Coordinate(latitude: 10, longitude: 20)
        let index = NearestCenterIndex(points: Array(repeating: GreatCircle.unitVector(same), count: 9), masks: Array(repeating: 15, count: 9))
        #expect(index.nearest(to: Coordinate(latitude: 11, longitude: 20), limit: 4).map(\.index) == [0, 1, 2, 3])
    }

    @Test func acrossTheAntimeridianTheNeighbourOnTheOtherSideWins() {
        let points = [Coordinate(latitude: 0, longitude: 179.9), Coordinate(latitude: 0, longitude: -179.95), Coordinate(latitude: 0, longitude: 178)]
        let index = NearestCenterIndex(points: points.map(GreatCircle.unitVector), masks: [15, 15, 15])
        #expect(index.nearest(to: Coordinate(latitude: 0, longitude: -179.99), limit: 3).map(\.index) == [1, 0, 2])
        #expect(abs(GreatCircle.haversineKm(Coordinate(latitude: 0, longitude: 179.9), Coordinate(latitude: 0, longitude: -179.9)) - 22.239) < 0.01)
    }

    @Test func haversineKnownDistance() {
        // Munich–Berlin, about 504 km on a 6371 km sphere.
        let d = GreatCircle.haversineKm(Coordinate(latitude: 48.1374, longitude: 11.5755), Coordinate(latitude: 52.5200, longitude: 13.4050))
        #expect(abs(d - 504.4) < 1)
        #expect(GreatCircle.haversineKm(Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: 90, longitude: 120)) < 1e-9)
    }
}

extension Double {
    static func asinDegrees(_ z: Double) -> Double { asinValue(z) * 180 / .pi }
    static func asinValue(_ x: Double) -> Double {
        #if canImport(Glibc)
        return Glibc.asin(x)
        #else
        return Darwin.asin(x)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
