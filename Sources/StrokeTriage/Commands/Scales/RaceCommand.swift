import ArgumentParser
import StrokeModels

/// `stroke-triage race …`: the RACE scale (Pérez de la Ossa et al., Stroke 2014).
struct RaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "race", abstract: "RACE total (0–9) from its five items; ≥ 5 suggests LVO (a scale flag, not a probability).")

    @Option(name: .customLong("facial-palsy"), help: "0 absent, 1 mild, 2 moderate to severe.", transform: DecimalFlag.double)
    var facialPalsy: Double
    @Option(name: .customLong("arm-motor"), help: "0 normal to mild, 1 moderate (held < 10 s), 2 severe (cannot raise).", transform: DecimalFlag.double)
    var armMotor: Double
    @Option(name: .customLong("leg-motor"), help: "0 normal to mild, 1 moderate (held < 5 s), 2 severe (cannot raise).", transform: DecimalFlag.double)
    var legMotor: Double
    @Option(name: .customLong("gaze-deviation"), help: "Head and gaze deviation: 0 absent, 1 present.", transform: DecimalFlag.double)
    var gazeDeviation: Double
    @Option(name: .customLong("aphasia-agnosia"), help: "Aphasia (right-sided weakness) or agnosia (left-sided): 0 normal, 1 moderate, 2 severe.", transform: DecimalFlag.double)
    var aphasiaAgnosia: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        try ScaleCommandRunner.run(.race, [.facialPalsy: facialPalsy, .armMotor: armMotor, .legMotor: legMotor,
                                           .gazeDeviation: gazeDeviation, .aphasiaAgnosia: aphasiaAgnosia],
                                   output: output, explain: explain)
    }
}
