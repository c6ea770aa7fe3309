import ArgumentParser
import StrokeModels

/// `stroke-triage lams …`: the Los Angeles Motor Scale (Llanes et al. 2004; LVO: Nazliel et al., Stroke 2008).
struct LamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lams", abstract: "LAMS total (0–5) from its three items; ≥ 4 suggests LVO (a scale flag, not a probability).")

    @Option(name: .customLong("facial-droop"), help: "0 absent, 1 present.", transform: DecimalFlag.double)
    var facialDroop: Double
    @Option(name: .customLong("arm-drift"), help: "0 absent, 1 drifts down, 2 falls rapidly.", transform: DecimalFlag.double)
    var armDrift: Double
    @Option(name: .customLong("grip-strength"), help: "0 normal, 1 weak grip, 2 no grip.", transform: DecimalFlag.double)
    var gripStrength: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func run() throws {
        try ScaleCommandRunner.run(.lams, [.facialDroop: facialDroop, .armDrift: armDrift, .gripStrength: gripStrength],
                                   output: output, explain: explain)
    }
}
