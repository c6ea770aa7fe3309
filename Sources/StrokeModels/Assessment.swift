// An assessment, the protocol of the services that produce one, and the offline service.

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
    /// The configured prehospital LVO scales scored from the inputs (`TriageInputs.scaleReport()`),
    /// computed once here; `nil` when no scale is configured. Every reader (decision, routing,
    /// rendering) takes this one report.
    public let scaleReport: ScaleReport?

    /// Creates an assessment.
    /// - Throws: `ModelsError` naming a scale item outside its points (validated inputs have none).
    public init(inputs: TriageInputs, ich: Prediction, lvo: Prediction?, volume: VolumeEstimate?, warnings: [ModelWarning]) throws(ModelsError) {
        self.inputs = inputs
        scaleReport = try inputs.scaleReport()
        self.ich = ich
        self.lvo = lvo
        self.volume = volume
        var seen = Set<ModelWarning>()
        // "FAST-ED ≥ 4 suggests an LVO" is the decision's LVO verdict, stated once there (issue 35):
        // the walkthrough still says it when the total is typed, the result does not repeat it.
        self.warnings = warnings.filter { $0.code != Self.verdictStatedByTheDecision && seen.insert($0).inserted }
    }

    /// The triage branch.
    public var module: TriageModule { inputs.module }

    private enum CodingKeys: String, CodingKey { case inputs, ich, lvo, volume, warnings }

    /// Decodes an assessment; the scale report is computed from the inputs again.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(inputs: c.decode(TriageInputs.self, forKey: .inputs), ich: c.decode(Prediction.self, forKey: .ich),
                      lvo: c.decodeIfPresent(Prediction.self, forKey: .lvo), volume: c.decodeIfPresent(VolumeEstimate.self, forKey: .volume),
                      warnings: c.decode([ModelWarning].self, forKey: .warnings))
    }

    /// The input warning the decision's LVO verdict already states.
    public static let verdictStatedByTheDecision = "fastEd.suggestsLvo"
}

/// Produces assessments. The offline implementation lives here; the cloud
/// client adds one that asks the prediction Cloud Functions.
public protocol PredictionService: Sendable {
    /// Assesses validated inputs.
    /// - Throws: `ModelsError` for invalid inputs; implementations may add their own errors.
    func assess(_ inputs: TriageInputs) async throws -> Assessment
}

/// Answers every assessment from the local models, with no I/O:
/// LVO from the exact local model (`local`), ICH from the age + GFAP
/// baseline (`baseline`), the volume from the regression (`local`).
///
/// In the coma module the age is unknown, so the baseline uses the cohort
/// mean age (74.59) and says so; under 18 the baseline does not apply and
/// the ICH probability is absent, with a note saying why.
public struct OfflinePredictionService: PredictionService {
    /// Creates the service.
    public init() {}

    /// Assesses the inputs offline.
    public func assess(_ inputs: TriageInputs) async throws -> Assessment {
        try assessNow(inputs)
    }

    /// The synchronous core, for callers outside async contexts (batch, tests).
    public func assessNow(_ inputs: TriageInputs) throws(ModelsError) -> Assessment {
        let warnings = try inputs.validate()
        let ich = try Self.ich(inputs)
        let lvo = try Self.lvo(inputs)
        let volume = try inputs.gfap.map { gfap throws(ModelsError) in try VolumeModel.estimate(gfap: gfap) }
        return try Assessment(inputs: inputs, ich: ich, lvo: lvo, volume: volume,
                          warnings: warnings + (lvo?.notes ?? []) + (volume?.warnings ?? []))
    }

    /// The baseline ICH prediction for the inputs.
    public static func ich(_ inputs: TriageInputs) throws(ModelsError) -> Prediction {
        var notes: [ModelWarning] = [ModelWarning(code: "baseline.caveat")]
        let age: Double
        if let given = inputs.age {
            age = Double(given)
        } else {
            age = ICHBaseline.ageMean
            notes.append(ModelWarning(code: "baseline.cohortAge", arguments: [.number(ICHBaseline.ageMean, maxFractionDigits: 2)]))
        }
        guard let gfap = inputs.gfap else {
            // No GFAP number (pending, or below the range the baseline was fitted on): no estimate.
            let note = inputs.gfapStatus == .belowRange
                ? ModelWarning(code: "baseline.gfapBelowRange", arguments: [.number(GfapStatus.assayFloor, maxFractionDigits: 0)])
                : ModelWarning(code: "baseline.gfapPending")
            return Prediction(probability: nil, source: .baseline, model: ICHBaseline.version, drivers: [], notes: [note],
                              inputsUsed: ichBaselineInputs(ageGiven: inputs.age != nil))
        }
        guard ICHBaseline.allowedAge.contains(age) else {
            notes.append(ModelWarning(code: "baseline.notApplicable", arguments: [.number(ICHBaseline.allowedAge.lower!, maxFractionDigits: 0)]))
            return Prediction(probability: nil, source: .baseline, model: ICHBaseline.version, drivers: [], notes: notes,
                              inputsUsed: ichBaselineInputs(ageGiven: inputs.age != nil))
        }
        let result = try ICHBaseline.predict(age: age, gfap: gfap)
        return Prediction(
            probability: result.probability, source: .baseline, model: ICHBaseline.version,
            drivers: [Driver(feature: "age_years", weight: result.ageContribution),
                      Driver(feature: "gfap_value", weight: result.gfapContribution)],
            notes: notes, inputsUsed: ichBaselineInputs(ageGiven: inputs.age != nil))
    }

    /// The local LVO prediction, for the full module only.
    public static func lvo(_ inputs: TriageInputs) throws(ModelsError) -> Prediction? {
        // Without a GFAP number the estimate is not computed: the scale decides (docs/clinical-reference.md §2).
        guard inputs.module == .full, let fastEd = inputs.fastEd, let gfap = inputs.gfap else { return nil }
        let result = try LVOModel.predict(gfap: gfap, fastEd: Double(fastEd))
        return Prediction(
            probability: result.probability, source: .local, model: LVOModel.version,
            drivers: [Driver(feature: "gfap_value", weight: result.gfapContribution),
                      Driver(feature: "fast_ed_score", weight: result.fastEdContribution)],
            notes: result.warnings, inputsUsed: lvoInputs)
    }

    /// The inputs the local LVO model reads (docs/clinical-reference.md §2).
    public static let lvoInputs = ["gfap", "fastEd"]
    /// The inputs the volume regression reads (docs/clinical-reference.md §7).
    public static let volumeInputs = ["gfap"]

    /// The inputs the ICH baseline reads: age and GFAP, or GFAP alone when the
    /// age is unknown and the cohort mean stands in for it.
    public static func ichBaselineInputs(ageGiven: Bool) -> [String] {
        ageGiven ? ["age", "gfap"] : ["gfap"]
    }
}
