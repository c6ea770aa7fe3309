// A validated dataset of centers (duplicate ids and sites refused) and a center ranked by distance.

import StrokeModels

/// A validated set of stroke centers, sorted by id, with its nearest-center index.
public struct CenterDataset: Sendable {
    /// The centers, sorted by id (the index's tie-break order).
    public let centers: [StrokeCenter]
    /// The exact nearest-center index over `centers`.
    public let index: NearestCenterIndex
    /// Where the data came from (a file path, or "bundled").
    public let name: String

    /// Validates `centers` (duplicate ids and sites) and builds the index.
    /// - Throws: `CentersError` naming the offending record.
    public init(centers: [StrokeCenter], name: String) throws {
        guard !centers.isEmpty else { throw CentersError.emptyDataset(dataset: name) }
        try CenterValidation.checkDuplicates(centers)
        let sorted = centers.sorted { $0.id < $1.id }
        self.centers = sorted
        self.index = NearestCenterIndex(sorted)
        self.name = name
    }

    /// Parses and validates a dataset: a JSON array of centers in the bundled
    /// schema, or a GeoJSON FeatureCollection of Point features whose
    /// properties use the same schema.
    /// - Throws: `CentersError` naming the record and field at fault.
    public init(json bytes: [UInt8], name: String) throws {
        try self.init(centers: CenterDecoder.decode(bytes, dataset: name), name: name)
    }

    /// The ranked centers nearest to `origin` that pass `filter`, closest first;
    /// ties in distance are broken by id.
    public func nearest(to origin: Coordinate, limit: Int, filter: CenterFilter = .none, drive: DriveTimeModel)
        -> [RankedCenter]
    {
        index.nearest(to: origin, limit: limit, filter: filter).map { rank($0.index, from: origin, drive: drive) }
    }

    /// A center with its distance and drive time from `origin`.
    public func rank(_ i: Int, from origin: Coordinate, drive: DriveTimeModel) -> RankedCenter {
        let km = GreatCircle.haversineKm(origin, centers[i].coordinate)
        return RankedCenter(center: centers[i], distanceKm: km, driveMinutes: drive.minutes(forKm: km))
    }
}

/// A center with its distance and estimated drive time from an origin.
public struct RankedCenter: Sendable, Hashable {
    /// The center.
    public let center: StrokeCenter
    /// Great-circle (haversine) distance in km.
    public let distanceKm: Double
    /// Estimated drive time in minutes (see `DriveTimeModel`).
    public let driveMinutes: Double

    /// Creates a ranked center.
    public init(center: StrokeCenter, distanceKm: Double, driveMinutes: Double) {
        self.center = center
        self.distanceKm = distanceKm
        self.driveMinutes = driveMinutes
    }
}

/// Dataset-wide checks: duplicate ids and duplicate sites.
enum CenterValidation {
    /// Two records closer than this are one site, whatever their names (km).
    static let sameSiteKm = 0.05
    /// Two records with the same folded name closer than this are one site (km).
    static let sameNameKm = 1.0

    /// Throws on the first duplicate id or duplicate site, in record order.
    static func checkDuplicates(_ centers: [StrokeCenter]) throws {
        var firstByID: [String: Int] = [:]
        for (i, c) in centers.enumerated() {
            if let first = firstByID[c.id] {
                throw CentersError.duplicateID(record: label(i, c), first: label(first, centers[first]))
            }
            firstByID[c.id] = i
        }
        // Sweep by latitude: only pairs within sameSiteKm in latitude can be that close.
        let order = centers.indices.sorted { (centers[$0].coordinate.latitude, $0) < (centers[$1].coordinate.latitude, $1) }
        let window = sameSiteKm / GreatCircle.earthRadiusKm * 180 / .pi
        for (k, i) in order.enumerated() {
            var j = k + 1
            while j < order.count, centers[order[j]].coordinate.latitude - centers[i].coordinate.latitude <= window {
                let other = order[j]
                if GreatCircle.haversineKm(centers[i].coordinate, centers[other].coordinate) < sameSiteKm {
                    let (a, b) = (min(i, other), max(i, other))
                    throw CentersError.duplicateSite(record: label(b, centers[b]), other: label(a, centers[a]))
                }
                j += 1
            }
        }
        var byName: [String: [Int]] = [:]
        for (i, c) in centers.enumerated() { byName[PlaceFolding.fold(c.name), default: []].append(i) }
        for group in byName.values.filter({ $0.count > 1 }).sorted(by: { $0[1] < $1[1] }) {
            for (k, i) in group.enumerated().dropFirst() {
                let c = centers[i]
                for other in group[..<k] {
                    if GreatCircle.haversineKm(c.coordinate, centers[other].coordinate) < sameNameKm {
                        throw CentersError.duplicateSite(record: label(i, c), other: label(other, centers[other]))
                    }
                }
            }
        }
    }

    /// "#3 (id 'x')": how errors name a record (1-based position in the file).
    static func label(_ i: Int, _ c: StrokeCenter) -> String { "#\(i + 1) (id '\(c.id)')" }
}
