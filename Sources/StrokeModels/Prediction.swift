/// Where a number came from.
public enum PredictionSource: String, Sendable, Hashable, Codable {
    /// The prediction Cloud Functions.
    case cloud
    /// A local model that reproduces the reference exactly (LVO, volume).
    case local
    /// The offline research baseline (ICH), not a substitute for the cloud model.
    case baseline
}

/// One feature's signed contribution to a prediction.
public struct Driver: Sendable, Hashable, Codable {
    /// The `DriverCatalogue` key, e.g. `"gfap_value"` or `"fast_ed_score"`
    /// (a cloud name outside the catalogue stays as the cloud sent it).
    public let feature: String
    /// Signed weight; positive raises the probability. Never `-0.0`.
    public let weight: Double
    /// The name the Cloud Function gave this driver (e.g. `"High FAST-ED Score"`); nil for local models.
    public let cloudLabel: String?

    /// Creates a driver; a zero weight is stored as `+0.0` (a `-0.0` would print as "-0").
    public init(feature: String, weight: Double, cloudLabel: String? = nil) {
        self.feature = feature
        self.weight = weight == 0 ? 0 : weight
        self.cloudLabel = cloudLabel
    }

    /// The one driver order everywhere (JSON, text, report): |weight|
    /// descending, then key, then cloud label, so equal weights never swap between runs.
    public static func displayOrder(_ a: Driver, _ b: Driver) -> Bool {
        if abs(a.weight) != abs(b.weight) { return abs(a.weight) > abs(b.weight) }
        if a.feature != b.feature { return a.feature < b.feature }
        return (a.cloudLabel ?? "") < (b.cloudLabel ?? "")
    }
}

/// A probability with its provenance: source, model version, drivers, caveats.
public struct Prediction: Sendable, Hashable, Codable {
    /// Probability 0…1, or `nil` when the model does not apply (see `notes`).
    public let probability: Double?
    /// Where the number came from.
    public let source: PredictionSource
    /// Model name and version.
    public let model: String
    /// Drivers in `Driver.displayOrder` (|weight| descending, then key).
    public let drivers: [Driver]
    /// Why the cloud was not used, when a fallback answered in auto mode.
    public let fallbackReason: Message?
    /// Caveats about this number (e.g. cohort mean age used, baseline not applicable).
    public let notes: [ModelWarning]
    /// The inputs the model behind this number read, as keys of the assessment's
    /// `inputs` object (`TriageModule.inputKeys`), in the module's order.
    public let inputsUsed: [String]
    /// The Cloud Function's own risk label (`low`, `moderate`, `high` on its
    /// scale), kept beside this tool's `riskLevel`; nil when it gave none.
    public let cloudRiskLevel: String?

    /// Creates a prediction; drivers are put in `Driver.displayOrder`.
    public init(probability: Double?, source: PredictionSource, model: String, drivers: [Driver],
                fallbackReason: Message? = nil, notes: [ModelWarning] = [], inputsUsed: [String] = [], cloudRiskLevel: String? = nil) {
        self.probability = probability
        self.source = source
        self.model = model
        self.drivers = drivers.sorted(by: Driver.displayOrder)
        self.fallbackReason = fallbackReason
        self.notes = notes
        self.inputsUsed = inputsUsed
        self.cloudRiskLevel = cloudRiskLevel
    }

    /// Risk level of the probability, when there is one.
    public var riskLevel: RiskLevel? { probability.map(RiskLevel.init(probability:)) }

    /// The same prediction marked as a fallback for the given reason.
    public func asFallback(reason: Message) -> Prediction {
        Prediction(probability: probability, source: source, model: model, drivers: drivers,
                   fallbackReason: reason, notes: notes, inputsUsed: inputsUsed, cloudRiskLevel: cloudRiskLevel)
    }
}
