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
