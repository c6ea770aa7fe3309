import ArgumentParser
import StrokeModels
import TriageRendering

/// `stroke-triage fast-ed …`: the FAST-ED total from its five items.
struct FastEdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fast-ed", abstract: "FAST-ED total (0–9) from its five items; ≥ 4 suggests LVO.")

    @Option(name: .customLong("facial-palsy"), help: "0 normal, 1 present.", transform: DecimalFlag.integer)
    var facialPalsy: Int
    @Option(name: .customLong("arm-weakness"), help: "0 none, 1 drift, 2 falls or no effort.", transform: DecimalFlag.integer)
    var armWeakness: Int
    @Option(name: .long, help: "Speech changes: 0 none, 1 mild, 2 severe.", transform: DecimalFlag.integer)
    var speech: Int
    @Option(name: .customLong("eye-deviation"), help: "0 none, 1 partial, 2 forced.", transform: DecimalFlag.integer)
    var eyeDeviation: Int
    @Option(name: .customLong("denial-neglect"), help: "0 none, 1 partial, 2 complete.", transform: DecimalFlag.integer)
    var denialNeglect: Int

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        let exam = try Failure.report(output) {
            try FastEdExam(facialPalsy: facialPalsy, armWeakness: armWeakness, speech: speech,
                           eyeDeviation: eyeDeviation, denialNeglect: denialNeglect)
        }
        explain.printCalculator(json: ModelJSON.fastEd(exam), lines: CalculatorRendering.lines(exam, output.localizer), trace: exam.trace, output)
    }
}
