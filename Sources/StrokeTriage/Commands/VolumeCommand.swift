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
        let l = output.localizer
        let ml = { (x: Double) in l.number(x, maxFractionDigits: 1) }
        Console.outWrapped(l.text("volume.result", [.text(ml(estimate.volumeMl)), .text(ml(estimate.rangeMl.lowerBound)), .text(ml(estimate.rangeMl.upperBound))]))
        Console.outWrapped(l.text("volume.bands", [.key("severity.\(estimate.severity.rawValue)"), .text(estimate.mortality.rawValue)]))
        for warning in estimate.warnings { Console.outWrapped("! " + l.render(warning.message)) }
        Console.outWrapped(l.text("volume.source", [.text(VolumeModel.version), .number(estimate.gfapUsed, maxFractionDigits: 2)]))
        explain.show(estimate.trace, l)
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
