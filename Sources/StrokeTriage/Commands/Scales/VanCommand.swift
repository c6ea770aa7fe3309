import ArgumentParser
import StrokeModels

/// `stroke-triage van …`: the Vision, Aphasia, Neglect assessment (Teleb et al., J NeuroIntervent Surg 2017).
struct VanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "van", abstract: "VAN: arm weakness plus visual disturbance, aphasia or neglect is VAN positive (a flag, not a probability).")

    @Option(name: .customLong("arm-weakness"), help: "Arm weakness (any drift or weakness): 0 no, 1 yes.", transform: DecimalFlag.double)
    var armWeakness: Double
    @Option(name: .long, help: "Visual disturbance (field cut, double vision, new blindness): 0 no, 1 yes.", transform: DecimalFlag.double)
    var vision: Double
    @Option(name: .long, help: "Aphasia (expressive, receptive or mixed; not slurring): 0 no, 1 yes.", transform: DecimalFlag.double)
    var aphasia: Double
    @Option(name: .long, help: "Neglect (forced gaze, cannot feel both sides, ignores one side): 0 no, 1 yes.", transform: DecimalFlag.double)
    var neglect: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        try ScaleCommandRunner.run(.van, [.armWeakness: armWeakness, .vision: vision, .aphasia: aphasia, .neglect: neglect],
                                   output: output, explain: explain)
    }
}
