import StrokeModels
import TriageRendering

/// The shared body of the scale commands (`race`, `lams`, `cpsss`, `pass`,
/// `van`): check the items, score, print JSON or text, with `--explain`.
enum ScaleCommandRunner {
    /// Scores one scale from its flag values and prints the result.
    /// Exits 65 naming the first item outside its points.
    static func run(_ scale: LVOScale, _ values: [ScaleItem: Double], output: OutputOptions, explain: ExplainOptions) throws {
        let score = try Failure.report(output) { () throws(ModelsError) -> ScaleScore in
            try scale.definition.score(try findings(values))
        }
        if output.json {
            return Console.out(ModelJSON.withDisclaimer(explain.adding(score.trace, to: ScaleRendering.json(score))).serialized())
        }
        let l = output.localizer
        for line in ScaleRendering.lines(score, l) { Console.outWrapped(line) }
        explain.show(score.trace, l)
        Console.outWrapped(l.text("disclaimer.short"))
    }

    /// The given items as whole points, checked against each item's range
    /// (0…max, whole numbers), in catalogue order.
    /// - Throws: `ModelsError` naming every item outside its points.
    static func findings(_ values: [ScaleItem: Double]) throws(ModelsError) -> [ScaleItem: Int] {
        var issues: [ValidationIssue] = []
        var points: [ScaleItem: Int] = [:]
        for item in ScaleItem.allCases {
            guard let value = values[item] else { continue }
            if item.allowed.contains(value) {
                points[item] = Int(value)
            } else {
                issues.append(ValidationIssue(field: item.field, allowed: item.allowed, given: value))
            }
        }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        return points
    }
}
