import ArgumentParser
import StrokeModels

/// `stroke-triage cpsss …`: the Cincinnati Prehospital Stroke Severity Scale (Katz et al., Stroke 2015).
struct CpsssCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cpsss", abstract: "CPSSS total (0–4 = 2 × gaze + the others); ≥ 2 suggests LVO (a scale flag, not a probability).")

    @Option(name: .customLong("gaze-deviation"), help: "Conjugate gaze deviation: 0 absent, 1 present (2 points).", transform: DecimalFlag.double)
    var gazeDeviation: Double
    @Option(name: .customLong("loc-questions-and-commands"), help: "Fails at least one LOC question (age, month) and at least one command: 0 no, 1 yes.", transform: DecimalFlag.double)
    var locQuestionsAndCommands: Double
    @Option(name: .customLong("arm-weakness"), help: "Cannot hold the arm up for 10 s: 0 no, 1 yes.", transform: DecimalFlag.double)
    var armWeakness: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        try ScaleCommandRunner.run(.cpsss, [.gazeDeviation: gazeDeviation, .locQuestionsAndCommands: locQuestionsAndCommands,
                                            .armWeakness: armWeakness],
                                   output: output, explain: explain)
    }
}
