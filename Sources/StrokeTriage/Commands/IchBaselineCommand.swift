import ArgumentParser
import StrokeModels
import TriageRendering

/// `stroke-triage ich-baseline --age A --gfap G`: the offline ICH baseline.
struct IchBaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ich-baseline", abstract: "ICH probability from the age + GFAP baseline (research comparison only).")

    @Option(name: .long, help: "Age in years, 18–120 (fractional allowed, e.g. 74.59).", transform: DecimalFlag.double)
    var age: Double

    @Option(name: .long, help: "GFAP in pg/mL (> 0).", transform: DecimalFlag.double)
    var gfap: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let p = try Failure.report(output) { try ICHBaseline.predict(age: age, gfap: gfap) }
        explain.printCalculator(json: ModelJSON.ichBaseline(p), lines: CalculatorRendering.lines(p, output.localizer), trace: p.trace, output)
    }
}
