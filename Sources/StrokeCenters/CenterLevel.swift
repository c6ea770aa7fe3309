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
