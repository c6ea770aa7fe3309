import ArgumentParser
import StrokeModels

/// `stroke-triage pass …`: the Prehospital Acute Stroke Severity scale (Hastrup et al., Stroke 2016).
struct PassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pass", abstract: "PASS total (0–3) from its three items; ≥ 2 suggests LVO (a scale flag, not a probability).")

    @Option(name: .customLong("loc-questions"), help: "Abnormal level-of-consciousness questions (month, age): 0 no, 1 yes.", transform: DecimalFlag.double)
    var locQuestions: Double
    @Option(name: .customLong("gaze-deviation"), help: "Gaze palsy or deviation: 0 no, 1 yes.", transform: DecimalFlag.double)
    var gazeDeviation: Double
    @Option(name: .customLong("arm-weakness"), help: "Arm weakness: 0 no, 1 yes.", transform: DecimalFlag.double)
    var armWeakness: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        try ScaleCommandRunner.run(.pass, [.locQuestions: locQuestions, .gazeDeviation: gazeDeviation, .armWeakness: armWeakness],
                                   output: output, explain: explain)
    }
}
