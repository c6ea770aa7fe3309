import StrokeModels
import TriageEngine
import TriageRendering

/// The shared body of the scale commands (`race`, `lams`, `cpsss`, `pass`,
/// `van`): check the items, score, print JSON or text, with `--explain`.
enum ScaleCommandRunner {
    /// Scores one scale from its flag values and prints the result.
    /// Exits 65 naming the first item outside its points.
    static func run(_ scale: LVOScale, _ values: [ScaleItem: Double], output: OutputOptions, explain: ExplainOptions) throws {
        let score = try Failure.report(output) { () throws(ModelsError) -> ScaleScore in
            try scale.definition.score(try ScaleFindings.points(values))
        }
        explain.printCalculator(json: ScaleRendering.json(score), lines: ScaleRendering.lines(score, output.localizer),
                                trace: score.trace, output)
    }
}
