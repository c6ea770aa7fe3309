import ArgumentParser
import StrokeModels
import TriageRendering

/// `stroke-triage volume --gfap G`: the ICH volume estimate.
struct VolumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "volume", abstract: "Estimate the ICH volume from GFAP (log–log regression).")

    @Option(name: .long, help: "GFAP in pg/mL (≥ 0; above 10 000 computed at 10 000).")
    var gfap: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let estimate = try Failure.report(output) { try VolumeModel.estimate(gfap: gfap) }
        if output.json { return Console.out(ModelJSON.withDisclaimer(explain.adding(estimate.trace, to: ModelJSON.volume(estimate))).serialized()) }
        explain.printCalculator(CalculatorRendering.lines(estimate, output.localizer), estimate.trace, output.localizer)
    }
}
