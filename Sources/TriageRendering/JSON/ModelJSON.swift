import StrokeJSON
import StrokeModels
import TriageLocalization

/// Machine-readable forms of the model results. JSON text is locale-free
/// (English messages, '.' decimals).
public enum ModelJSON {
    /// English renderer for messages inside JSON.
    public static let english = Localizer(language: .en)

    /// Warnings as English sentences.
    public static func warnings(_ warnings: [ModelWarning]) -> JSONValue {
        .strings(warnings.map { english.render($0.message) })
    }

    /// The research-use disclaimer line.
    public static var disclaimer: JSONValue { .string(english.text("disclaimer.short")) }

    /// The `volume` object.
    public static func volume(_ v: VolumeEstimate) -> JSONValue {
        .object([
            ("gfap", .number(v.gfap)),
            ("gfapUsed", .number(v.gfapUsed)),
            ("capped", .bool(v.gfapUsed != v.gfap)),
            ("estimated", .bool(v.isEstimated)),
            ("volumeMl", .number(v.volumeMl)),
            ("volumeRangeMl", .array([.number(v.rangeMl.lowerBound), .number(v.rangeMl.upperBound)])),
            ("severity", .string(v.severity.rawValue)),
            ("mortality", .string(v.mortality.rawValue)),
            ("source", .string(PredictionSource.local.rawValue)),
            ("model", .string(VolumeModel.version)),
            ("warnings", warnings(v.warnings)),
        ])
    }

    /// The `lvo` calculator object.
    public static func lvo(_ p: LVOPrediction, threshold: Double = LVOModel.threshold) -> JSONValue {
        .object([
            ("gfap", .number(p.gfap)),
            ("fastEd", .number(p.fastEd)),
            ("fastEdUsed", .number(p.fastEdUsed)),
            ("clamped", .bool(p.fastEdClamped)),
            ("probability", .number(p.probability)),
            ("lvoLikely", .bool(p.probability >= threshold)),
            ("threshold", .number(threshold)),
            ("riskLevel", .string(p.riskLevel.rawValue)),
            ("contributions", .object([("gfap", .number(p.gfapContribution)), ("fastEd", .number(p.fastEdContribution))])),
            ("source", .string(PredictionSource.local.rawValue)),
            ("model", .string(LVOModel.version)),
            ("warnings", warnings(p.warnings)),
        ])
    }

    /// The `fast-ed` object.
    public static func fastEd(_ exam: FastEdExam) -> JSONValue {
        .object([
            ("total", .integer(exam.total)),
            ("lvoSuspected", .bool(exam.lvoSuspected)),
            ("armParesis", .bool(exam.armParesis)),
            ("eyeDeviation", .bool(exam.hasEyeDeviation)),
            ("items", .object([
                ("facialPalsy", .integer(exam.facialPalsy)),
                ("armWeakness", .integer(exam.armWeakness)),
                ("speech", .integer(exam.speech)),
                ("eyeDeviation", .integer(exam.eyeDeviation)),
                ("denialNeglect", .integer(exam.denialNeglect)),
            ])),
        ])
    }

    /// The `ich-baseline` object.
    public static func ichBaseline(_ p: ICHBaselinePrediction) -> JSONValue {
        .object([
            ("age", .number(p.age)),
            ("gfap", .number(p.gfap)),
            ("probability", .number(p.probability)),
            ("riskLevel", .string(p.riskLevel.rawValue)),
            ("contributions", .object([("age", .number(p.ageContribution)), ("gfap", .number(p.gfapContribution))])),
            ("source", .string(PredictionSource.baseline.rawValue)),
            ("model", .string(ICHBaseline.version)),
            ("warnings", warnings(p.warnings)),
        ])
    }

    /// Appends the disclaimer to an object.
    public static func withDisclaimer(_ value: JSONValue) -> JSONValue {
        guard case .object(var members) = value else { return value }
        members.append(("disclaimer", disclaimer))
        return .object(members)
    }
}
