import StrokeModels

/// The result of one row: a score, or why the row was rejected.
enum RowOutcome: Sendable {
    /// A module row assessed by the prediction service.
    indirect case assessment(Assessment)  // boxed: keeps the calculator rows' enum small
    /// An lvo row.
    case lvo(LVOPrediction)
    /// A volume row.
    case volume(VolumeEstimate)
    /// A scales row: every scale the findings determine.
    indirect case scales(ScaleReport, findings: [ScaleItem: Int])
    /// The row was rejected.
    case rejected(RowRejection)
}

/// Scores parsed rows locally: the module batches through
/// `OfflinePredictionService` (the triage rules), lvo and volume through the
/// calculators' own rules. Pure and synchronous.
struct OfflineRowScorer: Sendable {
    let module: BatchModule
    let format: BatchFormat
    private let service = OfflinePredictionService()

    init(module: BatchModule, format: BatchFormat) {
        self.module = module
        self.format = format
    }

    /// Scores one row of values already checked for missing inputs.
    func score(_ values: RowValues) -> RowOutcome {
        switch module {
        case .lvo:
            do { return .lvo(try LVOModel.predict(gfap: values[.gfap]!, fastEd: values[.fastEd]!)) }
            catch { return .rejected(.from(error, format: format)) }
        case .volume:
            do { return .volume(try VolumeModel.estimate(gfap: values[.gfap]!)) }
            catch { return .rejected(.from(error, format: format)) }
        case .scales:
            switch values.scaleFindings(format: format) {
            case .failure(let rejection): return .rejected(rejection)
            case .success(let findings):
                do { return .scales(try ScaleReport(findings: findings), findings: findings) }
                catch { return .rejected(.from(error, format: format)) }
            }
        case .coma, .limited, .full:
            switch values.triageInputs(module.triageModule!, format: format) {
            case .failure(let rejection): return .rejected(rejection)
            case .success(let inputs): return assess(inputs)
            }
        }
    }

    /// Assesses module inputs offline.
    func assess(_ inputs: TriageInputs) -> RowOutcome {
        do { return .assessment(try service.assessNow(inputs)) }
        catch { return .rejected(.from(error, format: format)) }
    }
}
