import StrokeModels
import TriageLocalization

/// The human lines of the calculators (`volume`, `lvo`, `fast-ed`, `ich-baseline`):
/// result, reading, warnings and source, without the trace and the disclaimer
/// (the front-end adds `--explain`'s trace, then the disclaimer).
public enum CalculatorRendering {
    /// The bleed volume estimate: volume and range, severity and mortality bands, warnings, source.
    public static func lines(_ v: VolumeEstimate, _ l: Localizer) -> [String] {
        let ml = { (x: Double) in l.number(x, maxFractionDigits: 1) }
        var out = [
            l.text("volume.result", [.text(ml(v.volumeMl)), .text(ml(v.rangeMl.lowerBound)), .text(ml(v.rangeMl.upperBound))]),
            l.text("volume.bands", [.key("severity.\(v.severity.rawValue)"), .text(v.mortality.rawValue)]),
        ]
        out += v.warnings.map { "! " + l.render($0.message) }
        out.append(l.text("volume.source", [.text(VolumeModel.version), .number(v.gfapUsed, maxFractionDigits: 2)]))
        return out
    }

    /// The LVO model: probability and level, likely or not (at the protocol's `lvo.modelThreshold`),
    /// contributions, warnings, source.
    public static func lines(_ p: LVOPrediction, _ l: Localizer, threshold: Double = LVOModel.threshold) -> [String] {
        var out = [
            l.text("lvo.result", [.text(l.percent(p.probability)), .key("risk.\(p.riskLevel.rawValue)")]),
            l.text(p.probability >= threshold ? "lvo.likely" : "lvo.unlikely", [DecisionRules.precisePercentArgument(threshold)]),
            l.text("lvo.contributions", [
                .number(p.gfapContribution, maxFractionDigits: 3), .number(p.fastEdContribution, maxFractionDigits: 3),
                .number(p.fastEdUsed, maxFractionDigits: 2),
            ]),
        ]
        out += p.warnings.map { "! " + l.render($0.message) }
        out.append(l.text("lvo.source", [.text(LVOModel.version)]))
        return out
    }

    /// The FAST-ED exam: total and items, suspected or not, the derived findings.
    public static func lines(_ exam: FastEdExam, _ l: Localizer) -> [String] {
        let points = [exam.total, exam.facialPalsy, exam.armWeakness, exam.speech, exam.eyeDeviation, exam.denialNeglect]
        return [
            l.text("fastEd.result", points.map { .text(String($0)) }),
            l.text(exam.lvoSuspected ? "fastEd.suspected" : "fastEd.notSuspected", [.number(Double(FastEdExam.lvoSuspectedFrom), maxFractionDigits: 0)]),
            l.text("fastEd.derived", [.key(exam.armParesis ? "yes" : "no"), .key(exam.hasEyeDeviation ? "yes" : "no")]),
        ]
    }

    /// The ICH baseline: probability and level, warnings, source.
    public static func lines(_ p: ICHBaselinePrediction, _ l: Localizer) -> [String] {
        [l.text("baseline.result", [.text(l.percent(p.probability)), .key("risk.\(p.riskLevel.rawValue)")])]
            + p.warnings.map { "! " + l.render($0.message) }
            + [l.text("baseline.source", [.text(ICHBaseline.version)])]
    }
}
