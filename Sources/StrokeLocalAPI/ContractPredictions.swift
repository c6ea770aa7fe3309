import StrokeJSON
import StrokeModels
import TriageLocalization

/// The four prediction functions of the Cloud Functions contract
/// (docs/cloud-contract.md), answered from the local models.
///
/// Every answer keeps the contract's field names, so an existing client parses
/// it, and adds honest labels: `source` (`local` for the exact local LVO model,
/// `baseline` for the offline ICH baseline), `model` (the model version),
/// `notes` (the caveats in English) and `served_by`. The ICH numbers are the
/// labelled age + GFAP baseline, never the trained cloud ICH models. What a
/// reference client reads (`drivers` on predict_lvo, the reference's risk-factor
/// labels, `decision` from the engine's rules, the baseline named in the driver
/// labels the reference app shows) is built in `ContractPredictions+Reference`.
/// `confidence`, which the reference functions give as a fixed number per band
/// rather than a model output, is left out.
///
/// ```swift
/// let answer = try ContractPredictions.lvo(WireBody(Array(#"{"gfap_value":180,"fast_ed_score":7}"#.utf8)))
/// answer["probability"]   // .number(0.5119570957664139)
/// ```
public enum ContractPredictions {
    /// Says who answered, in every prediction answer.
    public static let servedBy = "stroke-triage-server api: local models, not the Cloud Functions"

    /// `POST /predict_lvo`: `gfap_value`, `fast_ed_score` (any finite number, clamped to 0…16 as the function does).
    public static func lvo(_ body: WireBody) throws(LocalAPIError) -> WireValue {
        let gfap = try body.number("gfap_value")
        let fastEd = try body.number("fast_ed_score")
        let p: LVOPrediction
        do { p = try LVOModel.predict(gfap: gfap, fastEd: fastEd) } catch { throw rangeError(error) }
        let drivers = [Driver(feature: "fast_ed_score", weight: p.fastEdContribution), Driver(feature: "gfap_value", weight: p.gfapContribution)]
        return .object([
            ("probability", .number(p.probability)),
            ("is_lvo", .integer(p.lvoLikely ? 1 : 0)),
            ("risk_level", .string(functionRiskLevel(p.probability))),
            ("model", .string(LVOModel.version)),
            ("source", .string(PredictionSource.local.rawValue)),
            ("risk_factors", riskFactors(p)),
            ("drivers", lvoDrivers(drivers, probability: p.probability)),
            ("interpretation", .string(p.lvoLikely
                ? "The local LVO model's probability is at or above its threshold: consistent with a large vessel occlusion; clinical findings take precedence."
                : "The local LVO model's probability is below its threshold: does not suggest a large vessel occlusion; clinical findings take precedence.")),
            ("threshold", .number(LVOModel.threshold)),
            ("warnings", .array(p.warnings.map { .string(english($0)) })),
            ("debug", .object([("gfap_transformed", .number(p.steps.transformedGfap)),
                               ("logit_calibrated", .number(p.steps.calibratedLogit))])),
            ("served_by", .string(servedBy)),
        ])
    }

    /// `POST /predict_coma_ich`: `gfap_value`; the baseline at the cohort mean age.
    public static func coma(_ body: WireBody) throws(LocalAPIError) -> WireValue {
        let inputs = try common(body, module: .coma)
        let ich = try baseline(inputs)
        return .object([("probability", .number(ich.probability ?? 0)), ("ich_probability", .number(ich.probability ?? 0)),
                        ("decision", try decision(ich, inputs: inputs)),
                        ("drivers", listDrivers(ich, kind: "baseline_logistic_contributions"))] + labels(ich, inputs))
    }

    /// `POST /predict_limited_data_ich`: age, pressures, GFAP, `vigilanzminderung`.
    public static func limited(_ body: WireBody) throws(LocalAPIError) -> WireValue {
        let inputs = try common(body, module: .limited)
        let ich = try baseline(inputs)
        return .object([("ich_probability", .number(ich.probability ?? 0)), ("decision", try decision(ich, inputs: inputs)),
                        ("drivers", listDrivers(ich, kind: "baseline_logistic_contributions"))] + labels(ich, inputs))
    }

    /// `POST /predict_full_stroke`: the 13 fields; ICH from the baseline, LVO from the local model.
    public static func fullStroke(_ body: WireBody) throws(LocalAPIError) -> WireValue {
        let inputs = try common(body, module: .full)
        let ich = try baseline(inputs)
        let lvo: Prediction
        do {
            guard let local = try OfflinePredictionService.lvo(inputs) else { throw LocalAPIError.internalError }
            lvo = local
        } catch let error as ModelsError { throw rangeError(error) } catch { throw .internalError }
        // The flat map's keys are the labels the reference app shows, so they name the baseline.
        let flat: [(String, WireValue)] = ich.drivers.map { (ichLabel($0.feature, ich.source), .number($0.weight)) }
        let lvoP = lvo.probability ?? 0
        return .object([
            ("ich_prediction", .object([("probability", .number(ich.probability ?? 0)), ("drivers", .object(flat)),
                                        ("decision", try decision(ich, inputs: inputs, lvo: lvo))]
                + labels(ich, inputs, servedBy: false))),
            ("lvo_prediction", .object([
                ("probability", .number(lvoP)),
                ("drivers", lvoDrivers(lvo.drivers, probability: lvoP)),
                ("source", .string(lvo.source.rawValue)), ("model", .string(lvo.model)),
                ("notes", .array(lvo.notes.map { .string(english($0)) })),
            ])),
            ("served_by", .string(servedBy)),
        ])
    }

    /// The predict_lvo function's own risk label: high ≥ 0.7, moderate ≥ 0.4, else low (docs/cloud-contract.md).
    public static func functionRiskLevel(_ p: Double) -> String {
        p >= 0.7 ? "high" : p >= 0.4 ? "moderate" : "low"
    }

    // MARK: - Shared pieces

    /// The module's inputs from the body by their contract names (`InputKey.contractName`): GFAP any
    /// number, the other numbers whole, findings yes/no; each required. The values become inputs the
    /// catalogue's one way (`TriageInputs(module:values:)`), which checks each against its range.
    private static func common(_ body: WireBody, module: TriageModule) throws(LocalAPIError) -> TriageInputs {
        var values: [InputKey: Double] = [:]
        for key in InputKey.keys(for: module) {
            guard let name = key.contractName else { continue }
            if key == .gfap {
                // The contract's functions need a GFAP number inside the models' range: below it is refused
                // as the reference refuses it (the CLI records it as below range, issue 43).
                let gfap = try body.number(name)
                let range = TriageRules.allowed(.gfap)
                guard range.contains(gfap) else {
                    throw rangeError(ModelsError(ValidationIssue(field: .gfap, allowed: range, given: gfap)))
                }
                values[key] = gfap
            } else if key.isBoolean {
                values[key] = try body.flag(name) ? 1 : 0
            } else if let field = key.field {
                values[key] = Double(try body.integer(name, allowed: TriageRules.allowed(field)))
            }
        }
        do { return try TriageInputs(module: module, values: values) } catch { throw rangeError(error) }
    }

    /// The ICH baseline for valid inputs; 422 for a value outside its range or an age under 18.
    private static func baseline(_ inputs: TriageInputs) throws(LocalAPIError) -> Prediction {
        do {
            _ = try inputs.validate()
            let ich = try OfflinePredictionService.ich(inputs)
            guard ich.probability != nil else {
                throw LocalAPIError.notApplicable("age_years", allowed: WireRange.text(ICHBaseline.allowedAge),
                                                  given: WireRange.valueText(Double(inputs.age ?? 0)))
            }
            return ich
        } catch let error as LocalAPIError { throw error } catch let error as ModelsError { throw rangeError(error) } catch {
            throw .internalError
        }
    }

    private static func labels(_ p: Prediction, _ inputs: TriageInputs, servedBy: Bool = true) -> [(String, WireValue)] {
        var out: [(String, WireValue)] = [
            ("source", .string(p.source.rawValue)), ("model", .string(p.model)),
            ("notes", .array(p.notes.map { .string(english($0)) })),
        ]
        if servedBy { out.append(("served_by", .string(Self.servedBy))) }
        return out
    }

    /// `{"kind","units","positive","negative"}` with signed weights (negative weights keep their sign);
    /// each driver `{label, feature, weight}`: the label the reference app shows, our key beside it.
    private static func listDrivers(_ p: Prediction, kind: String) -> WireValue {
        func driver(_ d: Driver) -> WireValue {
            .object([("label", .string(ichLabel(d.feature, p.source))), ("feature", .string(d.feature)), ("weight", .number(d.weight))])
        }
        return .object([("kind", .string(kind)), ("units", .string("logit")),
                        ("positive", .array(p.drivers.filter { $0.weight >= 0 }.map(driver))),
                        ("negative", .array(p.drivers.filter { $0.weight < 0 }.map(driver)))])
    }

    private static func english(_ warning: ModelWarning) -> String {
        Localizer(language: .en).render(warning.message)
    }

    /// The first blocking issue as 422 `api.outOfRange`, with the field's wire name.
    static func rangeError(_ error: ModelsError) -> LocalAPIError {
        let issue = error.issues[0]
        let field = wireName(issue.field)
        if issue.relation == .systolicAboveDiastolic {
            return LocalAPIError(code: "api.outOfRange", status: .unprocessableContent,
                                 message: "systolic_bp must be above diastolic_bp; given systolic_bp \(WireRange.valueText(issue.given)).",
                                 field: field)
        }
        return .outOfRange(field, allowed: WireRange.text(issue.allowed), given: WireRange.valueText(issue.given))
    }

    /// The contract's name of an input (the catalogue's `contractName`), else the field's own name.
    public static func wireName(_ field: InputField) -> String {
        InputKey(field: field)?.contractName ?? field.rawValue
    }
}
