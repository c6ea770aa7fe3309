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
