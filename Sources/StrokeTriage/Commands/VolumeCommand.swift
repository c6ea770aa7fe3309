import ArgumentParser
import StrokeModels
import TriageRendering

/// `stroke-triage volume --gfap G`: the ICH volume estimate.
struct VolumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "volume", abstract: "Estimate the ICH volume from GFAP (log–log regression).")

    @Option(name: .long, help: "GFAP in pg/mL (≥ 0; above 10 000 computed at 10 000).", transform: DecimalFlag.double)
    var gfap: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let estimate = try Failure.report(output) { try VolumeModel.estimate(gfap: gfap) }
        explain.printCalculator(json: ModelJSON.volume(estimate), lines: CalculatorRendering.lines(estimate, output.localizer), trace: estimate.trace, output)
    }
}
