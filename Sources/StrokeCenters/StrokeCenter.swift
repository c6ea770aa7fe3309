import StrokeModels

/// One stroke center (hospital site) of a dataset; the schema of `Data/stroke-centers.json`.
public struct StrokeCenter: Sendable, Hashable {
    /// Stable identifier, unique in its dataset.
    public let id: String
    /// Display name.
    public let name: String
    /// Street address, if known.
    public let address: String?
    /// Location of the site (WGS 84).
    public let coordinate: Coordinate
    /// Main switchboard number, if known.
    public let phone: String?
    /// Emergency-department number, if known.
    public let emergencyPhone: String?
    /// State or region, if known (informational; routing never partitions by it).
    public let region: String?
    /// Level of care.
    public let level: CenterLevel
    /// What the site can do.
    public let capabilities: Capabilities
    /// Certification, e.g. "DSG/DGN", if known.
    public let certification: String?
    /// Where the record came from.
    public let source: String?
    /// Date the record was last checked (ISO 8601), if known.
    public let updated: String?
    /// The site's door-to-needle minutes, if known; else the outcome model's default for its role.
    public let doorToNeedleMinutes: Double?
    /// The site's door-to-puncture minutes, if known; else the outcome model's default.
    public let doorToPunctureMinutes: Double?

    /// Creates a center.
    public init(
        id: String, name: String, address: String? = nil, coordinate: Coordinate, phone: String? = nil,
        emergencyPhone: String? = nil, region: String? = nil, level: CenterLevel, capabilities: Capabilities,
        certification: String? = nil, source: String? = nil, updated: String? = nil,
        doorToNeedleMinutes: Double? = nil, doorToPunctureMinutes: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.coordinate = coordinate
        self.phone = phone
        self.emergencyPhone = emergencyPhone
        self.region = region
        self.level = level
        self.capabilities = capabilities
        self.certification = certification
        self.source = source
        self.updated = updated
        self.doorToNeedleMinutes = doorToNeedleMinutes
        self.doorToPunctureMinutes = doorToPunctureMinutes
    }
}
