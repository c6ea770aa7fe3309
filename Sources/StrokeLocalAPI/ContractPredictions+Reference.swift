import StrokeJSON
import StrokeModels
import TriageLocalization

/// The parts of the contract answers a reference client reads (docs/api.md,
/// "Reference clients"), beside this project's own keys:
///
/// - `predict_lvo`'s `risk_factors` carry the reference's labels in `name` (its own
///   label cut-offs: FAST-ED ≥ 6 high, ≤ 3 low; GFAP > 500 elevated, < 100 low; a plain
///   label between), our key in `feature`, the signed `contribution` and its direction
///   word in `impact`; both inputs always appear (both always contribute);
/// - `drivers` lists (`positive`/`negative` of `{label, weight}`) for the LVO panel;
/// - `decision` on the ICH routes from the engine's one decision (`ClinicalDecision`,
///   `DecisionRules`): no threshold of its own;
/// - a baseline ICH says so in the one text the reference app shows from an ICH
///   answer, the driver labels (`baselineLabel`).
extension ContractPredictions {
    /// What a baseline ICH driver's label adds, so the app's "Main Risk Factors" panel says where the number comes from.
    public static let baselineLabelNote = " (offline baseline)"

    /// The label the reference app shows for an ICH driver: the key, with `baselineLabelNote` when the number is the baseline.
    static func ichLabel(_ feature: String, _ source: PredictionSource) -> String {
        source == .baseline ? feature + baselineLabelNote : feature
    }

    /// The reference's risk-factor name for an LVO input (its labels; a plain one where it gives none).
    static func referenceName(_ feature: String, value: Double) -> String {
        switch feature {
        case "fast_ed_score": value >= 6 ? "High FAST-ED Score" : value <= 3 ? "Low FAST-ED Score" : "FAST-ED Score"
        default: value > 500 ? "Elevated GFAP" : value < 100 ? "Low GFAP" : "GFAP"
        }
    }

    /// `risk_factors`: `{name, feature, value, impact, contribution}` per input, |contribution| descending.
    static func riskFactors(_ p: LVOPrediction) -> WireValue {
        let factors = [Driver(feature: "fast_ed_score", weight: p.fastEdContribution), Driver(feature: "gfap_value", weight: p.gfapContribution)]
            .sorted(by: Driver.displayOrder)
        return .array(factors.map { d in
            let value = d.feature == "fast_ed_score" ? p.fastEdUsed : p.gfap
            return .object([
                ("name", .string(referenceName(d.feature, value: value))), ("feature", .string(d.feature)), ("value", .number(value)),
                ("impact", .string(d.weight < 0 ? "decrease" : "increase")), ("contribution", .number(d.weight)),
            ])
        })
    }

    /// LVO `drivers` as the reference's full_stroke sends them: lists of `{label, weight}`, negative weights as magnitudes.
    static func lvoDrivers(_ drivers: [Driver], probability: Double) -> WireValue {
        let ordered = drivers.sorted(by: Driver.displayOrder)
        return .object([
            ("kind", .string("local_model_contributions")), ("units", .string("logit_contribution")),
            ("positive", .array(ordered.filter { $0.weight >= 0 }.map { label($0.feature, $0.weight) })),
            ("negative", .array(ordered.filter { $0.weight < 0 }.map { label($0.feature, abs($0.weight)) })),
            ("meta", .object([("riskLevel", .string(functionRiskLevel(probability)))])),
        ])
    }

    /// `decision`: `threshold` is `DecisionRules.ichImmediateFrom` (the ICH probability from
    /// which the engine's decision is `immediate`), `meets_threshold` whether a decision-grade
    /// probability reaches it (never the offline baseline's, which decides nothing: issue 37), `recommendation` the English text of the engine's ICH recommendation for
    /// this risk level, `recommendation_code` its stable code, `urgency` the engine's urgency
    /// with onset unknown.
    static func decision(_ ich: Prediction, inputs: TriageInputs, lvo: Prediction? = nil) throws(LocalAPIError) -> WireValue {
        let assessment: Assessment
        do { assessment = try Assessment(inputs: inputs, ich: ich, lvo: lvo, volume: nil, warnings: []) } catch { throw rangeError(error) }
        let decision = ClinicalDecision(assessment)
        let p = ich.probability ?? 0
        var members: [(String, WireValue)] = [
            ("threshold", .number(DecisionRules.ichImmediateFrom)), ("meets_threshold", .bool(decision.ichUsed && p >= DecisionRules.ichImmediateFrom)),
        ]
        if let rec = decision.recommendations.first(where: { $0.code.hasPrefix("rec.ich.") }) {
            members.append(("recommendation", .string(Localizer(language: .en).render(rec.message))))
            members.append(("recommendation_code", .string(rec.code)))
        }
        members.append(("urgency", .string(decision.urgency.rawValue)))
        return .object(members)
    }

    private static func label(_ text: String, _ weight: Double) -> WireValue {
        .object([("label", .string(text)), ("weight", .number(weight))])
    }
}
