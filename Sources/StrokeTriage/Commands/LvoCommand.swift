import ArgumentParser
import StrokeModels
import TriageRendering

/// `stroke-triage lvo --gfap G --fast-ed F`: the LVO model.
struct LvoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lvo", abstract: "LVO probability from GFAP and FAST-ED (model 2024.09.28-calibrated).")

    @Option(name: .long, help: "GFAP in pg/mL (≥ 0).", transform: DecimalFlag.double)
    var gfap: Double

    @Option(name: .customLong("fast-ed"), help: "FAST-ED score; any finite number, clamped to 0…16 (use --fast-ed=-5 for negatives).", transform: DecimalFlag.double)
    var fastEd: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let p = try Failure.report(output) { try LVOModel.predict(gfap: gfap, fastEd: fastEd) }
        explain.printCalculator(json: ModelJSON.lvo(p), lines: CalculatorRendering.lines(p, output.localizer), trace: p.trace, output)
    }
}
