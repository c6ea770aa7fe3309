// The center record: one stroke center, its level of care and its capabilities.

import StrokeModels

/// One stroke center (hospital site) of a dataset; the schema of `Data/stroke-centers.json`.
public struct StrokeCenter: Sendable, Hashable {
    /// Stable identifier, unique in its dataset.
    public let id: String
    /// Display name.
    public let name: String
    /// The name a one-line summary shows (`shortName` in the data, else the name; issue 44).
    public let shortName: String
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
        doorToNeedleMinutes: Double? = nil, doorToPunctureMinutes: Double? = nil, shortName: String? = nil
    ) {
        self.id = id
        self.name = name
        self.shortName = shortName ?? name
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

/// The level of care of a stroke center, highest first.
public enum CenterLevel: String, Sendable, Hashable, CaseIterable {
    /// Neurosurgical center (neurosurgery on site).
    case neurosurgical
    /// Comprehensive stroke center (thrombectomy on site).
    case comprehensive
    /// Regional stroke unit.
    case regionalStrokeUnit
    /// Hospital that can give thrombolysis but has no stroke unit.
    case thrombolysisHospital

    /// The localization key of the level's name.
    public var messageKey: String { "centers.level.\(rawValue)" }
}

/// What a stroke center can do. Unknown capabilities are `false` (the safer reading).
public struct Capabilities: Sendable, Hashable {
    /// Neurosurgery on site.
    public let neurosurgery: Bool
    /// Mechanical thrombectomy on site.
    public let thrombectomy: Bool
    /// Intravenous thrombolysis.
    public let thrombolysis: Bool
    /// A stroke unit.
    public let strokeUnit: Bool

    /// Creates a capability set.
    public init(neurosurgery: Bool, thrombectomy: Bool, thrombolysis: Bool, strokeUnit: Bool) {
        self.neurosurgery = neurosurgery
        self.thrombectomy = thrombectomy
        self.thrombolysis = thrombolysis
        self.strokeUnit = strokeUnit
    }

    /// The set as a bit mask of `Capability` bits.
    public var mask: CapabilityMask {
        var m = CapabilityMask()
        if neurosurgery { m.insert(.neurosurgery) }
        if thrombectomy { m.insert(.thrombectomy) }
        if thrombolysis { m.insert(.thrombolysis) }
        if strokeUnit { m.insert(.strokeUnit) }
        return m
    }
}

/// A set of required capabilities, as bits (used by the index's filters).
public struct CapabilityMask: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt8
    /// Creates a mask from bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Neurosurgery.
    public static let neurosurgery = CapabilityMask(rawValue: 1)
    /// Thrombectomy.
    public static let thrombectomy = CapabilityMask(rawValue: 2)
    /// Thrombolysis.
    public static let thrombolysis = CapabilityMask(rawValue: 4)
    /// Stroke unit.
    public static let strokeUnit = CapabilityMask(rawValue: 8)

    /// The mask for a `--need` value: neurosurgery, thrombectomy, thrombolysis or stroke-unit.
    public init?(need: String) {
        switch need {
        case "neurosurgery": self = .neurosurgery
        case "thrombectomy": self = .thrombectomy
        case "thrombolysis": self = .thrombolysis
        case "stroke-unit": self = .strokeUnit
        default: return nil
        }
    }
}
