// The nearest-center index (a k-d tree) and the capability filter of its queries.

import StrokeModels

/// An exact k-nearest-neighbour index over centers: a k-d tree on 3-D unit vectors.
///
/// The straight-line (chord) distance between two points on the unit sphere
/// is 2·sin(θ/2) for a central angle θ, so it is strictly monotonic in the
/// great-circle distance: ranking by chord is ranking by haversine distance,
/// exactly, across the antimeridian and at the poles (no longitude wrap).
/// Ties in distance are broken by position in the id-sorted dataset. Each node
/// keeps the OR of its subtree's capability bits, so filtered queries skip
/// subtrees with no eligible center.
public struct NearestCenterIndex: Sendable {
    /// One result: the center's position in the dataset and its squared chord.
    public struct Neighbor: Sendable, Hashable {
        /// Position in the dataset's `centers`.
        public let index: Int
        /// Squared chord on the unit sphere (ranking key).
        public let chordSquared: Double
    }

    private let points: [SIMD3<Double>]
    private let masks: [UInt8]
    /// Tree in implicit form: node `m` of range [lo, hi) is `order[m]`, m = (lo + hi) / 2.
    private let order: [Int32]
    private let axes: [UInt8]
    private let subtreeMasks: [UInt8]

    /// Builds the index over `centers` (their array positions are the tie-break order).
    public init(_ centers: [StrokeCenter]) {
        self.init(points: centers.map { GreatCircle.unitVector($0.coordinate) }, masks: centers.map { $0.capabilities.mask.rawValue })
    }

    /// Builds the index from unit vectors and capability masks.
    public init(points: [SIMD3<Double>], masks: [UInt8]) {
        precondition(points.count == masks.count)
        var order = (0..<points.count).map(Int32.init)
        var axes = [UInt8](repeating: 0, count: points.count)
        var sub = [UInt8](repeating: 0, count: points.count)
        Self.build(&order, &axes, &sub, points, masks, 0, points.count)
        self.points = points
        self.masks = masks
        self.order = order
        self.axes = axes
        self.subtreeMasks = sub
    }

    /// Number of centers indexed.
    public var count: Int { points.count }

    @discardableResult
    private static func build(
        _ order: inout [Int32], _ axes: inout [UInt8], _ sub: inout [UInt8], _ p: [SIMD3<Double>], _ masks: [UInt8],
        _ lo: Int, _ hi: Int
    ) -> UInt8 {
        guard lo < hi else { return 0 }
        var minV = SIMD3<Double>(repeating: .infinity), maxV = SIMD3<Double>(repeating: -.infinity)
        for i in lo..<hi {
            minV = pointwiseMin(minV, p[Int(order[i])])
            maxV = pointwiseMax(maxV, p[Int(order[i])])
        }
        let spread = maxV - minV
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
        order[lo..<hi].sort { a, b in
            let va = p[Int(a)][axis], vb = p[Int(b)][axis]
            return va < vb || (va == vb && a < b)
        }
        let m = (lo + hi) / 2
        axes[m] = UInt8(axis)
        let left = build(&order, &axes, &sub, p, masks, lo, m)
        let right = build(&order, &axes, &sub, p, masks, m + 1, hi)
        sub[m] = left | right | masks[Int(order[m])]
        return sub[m]
    }

    /// The `limit` nearest centers to `origin` passing `filter`, nearest first.
    public func nearest(to origin: Coordinate, limit: Int, filter: CenterFilter = .none) -> [Neighbor] {
        guard limit > 0, !points.isEmpty else { return [] }
        var best = BoundedBest(capacity: limit)
        search(GreatCircle.unitVector(origin), filter, 0, points.count, &best)
        return best.items
    }

    private func search(_ q: SIMD3<Double>, _ filter: CenterFilter, _ lo: Int, _ hi: Int, _ best: inout BoundedBest) {
        guard lo < hi else { return }
        let m = (lo + hi) / 2
        // No center below can pass (for `.all` the OR of bits is a necessary condition).
        guard filter.accepts(subtreeMasks[m]) else { return }
        let i = Int(order[m])
        if filter.accepts(masks[i]) {
            best.offer(Neighbor(index: i, chordSquared: GreatCircle.chordSquared(q, points[i])))
        }
        let axis = Int(axes[m])
        let diff = q[axis] - points[i][axis]
        let (near, far) = diff < 0 ? ((lo, m), (m + 1, hi)) : ((m + 1, hi), (lo, m))
        search(q, filter, near.0, near.1, &best)
        // The far side can only hold a point at least |diff| away: skip it when even that is worse.
        if !best.isFull || diff * diff <= best.worst {
            search(q, filter, far.0, far.1, &best)
        }
    }

    /// The same answer by checking every center: the reference the index is tested against.
    public func bruteForceNearest(to origin: Coordinate, limit: Int, filter: CenterFilter = .none) -> [Neighbor] {
        guard limit > 0 else { return [] }
        let q = GreatCircle.unitVector(origin)
        var best = BoundedBest(capacity: limit)
        for i in points.indices where filter.accepts(masks[i]) {
            best.offer(Neighbor(index: i, chordSquared: GreatCircle.chordSquared(q, points[i])))
        }
        return best.items
    }
}

/// The best `capacity` neighbours seen so far, sorted by (chord², index).
struct BoundedBest {
    let capacity: Int
    private(set) var items: [NearestCenterIndex.Neighbor] = []

    init(capacity: Int) {
        self.capacity = capacity
        items.reserveCapacity(min(capacity, 64))
    }

    var isFull: Bool { items.count >= capacity }
    var worst: Double { items.last?.chordSquared ?? .infinity }

    @inline(__always)
    static func precedes(_ a: NearestCenterIndex.Neighbor, _ b: NearestCenterIndex.Neighbor) -> Bool {
        a.chordSquared < b.chordSquared || (a.chordSquared == b.chordSquared && a.index < b.index)
    }

    mutating func offer(_ n: NearestCenterIndex.Neighbor) {
        if isFull, let last = items.last, !Self.precedes(n, last) { return }
        var pos = items.count
        while pos > 0, Self.precedes(n, items[pos - 1]) { pos -= 1 }
        items.insert(n, at: pos)
        if items.count > capacity { items.removeLast() }
    }
}

/// Which centers a nearest-center query may return.
public enum CenterFilter: Sendable, Hashable {
    /// Every center.
    case none
    /// Centers that have every capability in the mask.
    case all(CapabilityMask)
    /// Centers that have at least one capability in the mask.
    case any(CapabilityMask)

    /// Whether a center with capabilities `mask` passes.
    @inline(__always)
    func accepts(_ mask: UInt8) -> Bool {
        switch self {
        case .none: return true
        case .all(let m): return mask & m.rawValue == m.rawValue
        case .any(let m): return mask & m.rawValue != 0
        }
    }
}
