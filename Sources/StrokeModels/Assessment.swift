/// The result of one triage assessment.
public struct Assessment: Sendable, Hashable, Codable {
    /// The validated inputs.
    public let inputs: TriageInputs
    /// ICH probability and provenance.
    public let ich: Prediction
    /// LVO probability and provenance (full module only).
    public let lvo: Prediction?
    /// Bleed volume estimate, should a bleed be present.
    public let volume: VolumeEstimate?
    /// Input and model warnings, in field order, without duplicates.
    public let warnings: [ModelWarning]

    /// Creates an assessment.
    public init(inputs: TriageInputs, ich: Prediction, lvo: Prediction?, volume: VolumeEstimate?, warnings: [ModelWarning]) {
        self.inputs = inputs
        self.ich = ich
        self.lvo = lvo
        self.volume = volume
        var seen = Set<ModelWarning>()
        self.warnings = warnings.filter { seen.insert($0).inserted }
    }

    /// The triage branch.
    public var module: TriageModule { inputs.module }
}

/// Produces assessments. The offline implementation lives here; the cloud
/// client adds one that asks the prediction Cloud Functions.
public protocol PredictionService: Sendable {
    /// Assesses validated inputs.
    /// - Throws: `ModelsError` for invalid inputs; implementations may add their own errors.
    func assess(_ inputs: TriageInputs) async throws -> Assessment
}
