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
    /// Feature name, e.g. `"gfap_value"` or `"fast_ed_score"`.
    public let feature: String
    /// Signed weight; positive raises the probability.
    public let weight: Double

    /// Creates a driver.
    public init(feature: String, weight: Double) {
        self.feature = feature
        self.weight = weight
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
    /// Drivers sorted by decreasing |weight|.
    public let drivers: [Driver]
    /// Why the cloud was not used, when a fallback answered in auto mode.
    public let fallbackReason: Message?
    /// Caveats about this number (e.g. cohort mean age used, baseline not applicable).
    public let notes: [ModelWarning]
    /// The inputs the model behind this number read, as keys of the assessment's
    /// `inputs` object (`TriageModule.inputKeys`), in the module's order.
    public let inputsUsed: [String]

    /// Creates a prediction; drivers are sorted by decreasing |weight|.
    public init(probability: Double?, source: PredictionSource, model: String, drivers: [Driver],
                fallbackReason: Message? = nil, notes: [ModelWarning] = [], inputsUsed: [String] = []) {
        self.probability = probability
        self.source = source
        self.model = model
        self.drivers = drivers.sorted { abs($0.weight) > abs($1.weight) }
        self.fallbackReason = fallbackReason
        self.notes = notes
        self.inputsUsed = inputsUsed
    }

    /// Risk level of the probability, when there is one.
    public var riskLevel: RiskLevel? { probability.map(RiskLevel.init(probability:)) }

    /// The same prediction marked as a fallback for the given reason.
    public func asFallback(reason: Message) -> Prediction {
        Prediction(probability: probability, source: source, model: model, drivers: drivers,
                   fallbackReason: reason, notes: notes, inputsUsed: inputsUsed)
    }
}
