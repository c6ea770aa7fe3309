import ArgumentParser
import StrokeModels
import TriageRendering

/// `stroke-triage lvo --gfap G --fast-ed F`: the LVO model.
struct LvoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lvo", abstract: "LVO probability from GFAP and FAST-ED (model 2024.09.28-calibrated).")

    @Option(name: .long, help: "GFAP in pg/mL (≥ 0).")
    var gfap: Double

    @Option(name: .customLong("fast-ed"), help: "FAST-ED score; any finite number, clamped to 0…16 (use --fast-ed=-5 for negatives).")
    var fastEd: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let p = try Failure.report(output) { try LVOModel.predict(gfap: gfap, fastEd: fastEd) }
        if output.json { return Console.out(ModelJSON.withDisclaimer(explain.adding(p.trace, to: ModelJSON.lvo(p))).serialized()) }
        let l = output.localizer
        Console.outWrapped(l.text("lvo.result", [.text(l.percent(p.probability)), .key("risk.\(p.riskLevel.rawValue)")]))
        Console.outWrapped(l.text(p.lvoLikely ? "lvo.likely" : "lvo.unlikely"))
        Console.outWrapped(l.text("lvo.contributions", [
            .number(p.gfapContribution, maxFractionDigits: 3), .number(p.fastEdContribution, maxFractionDigits: 3),
            .number(p.fastEdUsed, maxFractionDigits: 2),
        ]))
        for warning in p.warnings { Console.outWrapped("! " + l.render(warning.message)) }
        Console.outWrapped(l.text("lvo.source", [.text(LVOModel.version)]))
        explain.show(p.trace, l)
        Console.outWrapped(l.text("disclaimer.short"))
    }
}
