import StrokeModels

/// Assessments from the prediction Cloud Functions, with or without the
/// local fallback.
///
/// - coma → predict_coma_ich; limited → predict_limited_data_ich;
///   full → predict_full_stroke for ICH and predict_lvo for LVO (called
///   concurrently), then predict_full_stroke's `lvo_prediction`, then the local model.
/// - The volume always comes from the local regression.
/// - Cloud numbers have source `cloud` and a model label naming the function.
/// - With `fallback` on (auto mode), each failed prediction is replaced by the
///   offline one, marked with the failure as its reason; off (cloud mode),
///   every failed function is thrown together (`CloudError.combining`).
/// - Whenever the cloud gives an LVO probability it is compared with `LVOModel`
///   at the precision the answer carries (`DriftCheck`); a larger difference
///   adds the warning `cloud.drift`.
/// - predict_coma_ich is asked twice with the same request (`PlaceholderRule`).
/// - A function's own risk label is kept as `cloudRiskLevel`, with a note when
///   it reads differently from this tool's level.
/// - A stroke-triage local API (`stroke-triage-server api`, docs/api.md) labels
///   its answers `source: local` or `baseline`. Such an answer is shown as that
///   local model's own prediction (source, model, notes, drivers) only when this
///   client computes the same number with that model (`DriftCheck` tolerance);
///   otherwise it is shown as a cloud answer, like any other.
public struct CloudPredictionService: PredictionService {
    /// Largest tolerated difference between an unrounded cloud LVO probability and the local one.
    public static let driftTolerance = DriftCheck.minimumTolerance

    private let client: CloudClient
    private let fallback: Bool

    /// Creates the service.
    /// - Parameters:
    ///   - client: the configured client (its deadline applies per assessment).
    ///   - fallback: `true` for auto mode (local fallback), `false` for cloud-only.
    public init(client: CloudClient, fallback: Bool) {
        self.client = client
        self.fallback = fallback
    }

    /// Assesses the inputs.
    /// - Throws: `ModelsError` for invalid inputs; `CloudError` in cloud-only mode.
    public func assess(_ inputs: TriageInputs) async throws -> Assessment {
        // Every function reads GFAP: without a number the cloud is not asked; the exam and onset decide.
        guard let gfap = inputs.gfap else { return try OfflinePredictionService().assessNow(inputs) }
        let inputWarnings = try inputs.validate()
        let localLVO = try OfflinePredictionService.lvo(inputs)
        let localICH = try? OfflinePredictionService.ich(inputs)
        let volume = try VolumeModel.estimate(gfap: gfap)
        let deadline = client.deadlineFromNow()

        let ichResult: Result<Prediction, CloudError>
        var lvoResult: Result<Prediction, CloudError>?
        switch inputs.module {
        case .coma:
            // The same request twice, at once: a trained model answers the same number both times.
            let body = CloudRequest.coma(inputs)
            async let first = fetch(.comaICH, body, deadline, decode: CloudDecoder.coma)
            async let second = fetch(.comaICH, body, deadline, decode: CloudDecoder.coma)
            ichResult = Self.judgeComa(await first, await second, gfap: gfap).map { Self.prediction($0, .comaICH, local: localICH) }
        case .limited:
            ichResult = await fetch(.limitedICH, CloudRequest.limited(inputs), deadline, decode: CloudDecoder.limited)
                .map { Self.prediction($0, .limitedICH, local: localICH) }
        case .full:
            async let full = fetch(.fullStroke, CloudRequest.fullStroke(inputs), deadline, decode: CloudDecoder.fullStroke)
            async let lvo = fetch(.lvo, CloudRequest.lvo(inputs), deadline, decode: CloudDecoder.lvo)
            let (fullAnswer, lvoAnswer) = await (full, lvo)
            ichResult = fullAnswer.map { Self.prediction($0.ich, .fullStroke, local: localICH) }
            lvoResult = Self.lvo(primary: lvoAnswer, full: fullAnswer, local: localLVO)
        }

        if !fallback {
            // Cloud mode: name every function that failed, not only the first.
            var failures: [CloudError] = []
            for case .failure(let error) in [ichResult, lvoResult].compactMap({ $0 })
            where !failures.contains(where: { $0.function == error.function && $0.function != nil }) {
                failures.append(error)
            }
            if !failures.isEmpty { throw CloudError.combining(failures) }
        }
        var warnings = inputWarnings + (localLVO?.notes ?? [])
        let ichPrediction = try resolve(ichResult) { try OfflinePredictionService.ich(inputs) }
        var lvoPrediction: Prediction?
        if let lvoResult, let localLVO {
            lvoPrediction = try resolve(lvoResult) { localLVO }
            if let p = lvoPrediction, p.source == .cloud, let cloudP = p.probability, let localP = localLVO.probability,
               let tolerance = DriftCheck.drift(cloud: cloudP, local: localP) {
                warnings.append(ModelWarning(code: "cloud.drift", arguments: [
                    .number(cloudP, maxFractionDigits: DriftCheck.decimals(of: cloudP)), .number(localP, maxFractionDigits: 6),
                    .number(tolerance, maxFractionDigits: DriftCheck.decimals(of: tolerance)),
                ]))
            }
        }
        return try Assessment(inputs: inputs, ich: ichPrediction, lvo: lvoPrediction, volume: volume,
                          warnings: warnings + volume.warnings)
    }

    /// One call and its decoding; every failure is attributed to the function.
    private func fetch<T: Sendable>(_ function: CloudFunction, _ body: String, _ deadline: ContinuousClock.Instant,
                                    decode: @Sendable ([UInt8]) throws(CloudError) -> T) async -> Result<T, CloudError> {
        do {
            return .success(try decode(try await client.call(function, body: body, deadline: deadline)))
        } catch {
            return .failure(error.function == nil ? error.attributed(to: function.rawValue) : error)
        }
    }

    /// The coma answer after the placeholder check on two identical requests.
    static func judgeComa(_ first: Result<CloudAnswer, CloudError>, _ second: Result<CloudAnswer, CloudError>,
                          gfap: Double) -> Result<CloudAnswer, CloudError> {
        switch (first, second) {
        case (.failure(let error), _), (_, .failure(let error)):
            return .failure(error)
        case (.success(let a), .success(let b)):
            let detail = "two answers: \(a.probability), \(b.probability)"
            switch PlaceholderRule.verdict(first: a.probability, second: b.probability, gfap: gfap) {
            case .steppedPlaceholder?: return .failure(CloudError.notAModel(detail).attributed(to: CloudFunction.comaICH.rawValue))
            case .nonDeterministic?: return .failure(CloudError.nonDeterministic(detail).attributed(to: CloudFunction.comaICH.rawValue))
            case nil: return .success(a)
            }
        }
    }

    /// LVO from predict_lvo, else from predict_full_stroke's `lvo_prediction`, else predict_lvo's failure.
    static func lvo(primary: Result<CloudAnswer, CloudError>, full: Result<FullStrokeAnswer, CloudError>,
                    local: Prediction? = nil) -> Result<Prediction, CloudError> {
        switch (primary, full) {
        case (.success(let answer), _):
            return .success(prediction(answer, .lvo, local: local))
        case (.failure(let error), .success(let fullAnswer)):
            guard let lvo = fullAnswer.lvo else { return .failure(error) }
            let p = cloudPrediction(lvo, .fullStroke)
            return .success(Prediction(probability: p.probability, source: .cloud, model: p.model + " lvo_prediction",
                                       drivers: p.drivers,
                                       notes: [ModelWarning(code: "cloud.lvoFromFullStroke", arguments: [.message(error.message)])] + p.notes,
                                       inputsUsed: p.inputsUsed, cloudRiskLevel: p.cloudRiskLevel))
        case (.failure(let error), .failure):
            return .failure(error)
        }
    }

    /// A local API's answer labelled `local`/`baseline` whose number this client
    /// reproduces with that model is that model's prediction; any other answer is a cloud prediction.
    static func prediction(_ answer: CloudAnswer, _ function: CloudFunction, local: Prediction?) -> Prediction {
        if let claimed = answer.claimedSource, let local, local.source == claimed, let localP = local.probability,
           DriftCheck.drift(cloud: answer.probability, local: localP) == nil {
            return local
        }
        return cloudPrediction(answer, function)
    }

    /// A cloud answer as a prediction labelled with its function (and the function's own model name),
    /// with the function's risk label and a note when it reads differently from this tool's level.
    static func cloudPrediction(_ answer: CloudAnswer, _ function: CloudFunction) -> Prediction {
        let label = answer.modelName.map { "\(function.rawValue) (\($0))" } ?? function.rawValue
        var notes: [ModelWarning] = []
        if let cloudLevel = answer.riskLevel, cloudLevel != RiskLevel(probability: answer.probability).cloudEquivalent {
            let percent: (Double) -> MessageArgument = { .number(($0 * 100).rounded(), maxFractionDigits: 0) }
            notes.append(ModelWarning(code: "cloud.riskLevelDiffers", arguments: [
                .text(cloudLevel), percent(CloudRiskScale.moderateFrom), percent(CloudRiskScale.highFrom),
                percent(RiskLevel.mediumFrom), percent(RiskLevel.highFrom), percent(RiskLevel.criticalFrom),
            ]))
        }
        return Prediction(probability: answer.probability, source: .cloud, model: label, drivers: answer.drivers,
                          notes: notes, inputsUsed: function.inputKeys, cloudRiskLevel: answer.riskLevel)
    }

    /// The cloud prediction, or in auto mode the local one marked with the failure's reason.
    private func resolve(_ result: Result<Prediction, CloudError>, local: () throws -> Prediction) throws -> Prediction {
        switch result {
        case .success(let prediction): return prediction
        case .failure(let error):
            guard fallback else { throw error }
            return try local().asFallback(reason: error.message)
        }
    }
}
