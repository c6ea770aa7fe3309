import ArgumentParser
import StrokeModels
import TriageEngine
import TriageRendering

/// `stroke-triage outcomes`: the expected outcome of each destination strategy
/// (the acute-outcome model of Ali et al., Stroke 2018; docs/outcome-model.md).
struct OutcomesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outcomes",
        abstract: "Estimated chance of a good outcome per destination strategy (Ali et al., Stroke 2018; research extension).",
        discussion: """
            Compares the nearest thrombolysis hospital, the thrombectomy center directly, and drip-and-ship. \
            With --race and no --lvo, NIHSS and the LVO probability both come from RACE as in the model; \
            with --nihss and no --lvo, the LVO probability comes from the RACE equivalent of the NIHSS. \
            Door times are the model's medians (\(Int(OutcomeModel.defaultThrombolysisDoorToNeedle)), \
            \(Int(OutcomeModel.defaultThrombectomyDoorToNeedle)), \(Int(OutcomeModel.defaultDoorToPuncture)) min). \
            An estimate beside the routing rules, \
            never instead of them: docs/routing.md.
            """)

    @Option(name: .long, help: "RACE total \(OutcomeModel.allowed(.race).compactText) (give --race or --nihss).")
    var race: Double?

    @Option(name: .long, help: "NIHSS \(OutcomeModel.allowed(.nihss).compactText) (give --race or --nihss).")
    var nihss: Double?

    @Option(name: .long, help: "LVO probability \(OutcomeModel.allowed(.lvoProbability).compactText); default: the model's estimate from RACE.")
    var lvo: Double?

    @Option(name: .customLong("onset-minutes"), help: "Minutes since symptom onset or last known well (≥ 0).")
    var onsetMinutes: Double

    @Option(name: .customLong("to-thrombolysis"), help: "Drive minutes to the nearest thrombolysis-capable hospital.")
    var toThrombolysis: Double

    @Option(name: .customLong("to-thrombectomy"), help: "Drive minutes to the nearest thrombectomy center.")
    var toThrombectomy: Double

    @Option(name: .long, help: "Drive minutes from that thrombolysis hospital to the thrombectomy center.")
    var transfer: Double

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func validate() throws {
        if let problem = OutcomeInputs.severityUsageProblem(race: race, nihss: nihss) { throw ValidationError(problem) }
    }

    func run() throws {
        let severity: OutcomeInputs.Severity = race.map { .race($0) } ?? .nihss(nihss ?? .nan)
        // The RACE a crew scores is a whole number 0–9 (issue 34: 0.1 once gave NIHSS < 0).
        if let race, race != race.rounded() {
            let allowed = OutcomeModel.allowed(.race)
            throw Failure.translate(ModelsError(issues: [ValidationIssue(field: .race, allowed: AllowedRange(lower: allowed.lower, upper: allowed.upper, integer: true),
                                                                         given: race)]), output)
        }
        let inputs = OutcomeInputs(severity: severity, lvoProbability: lvo, onsetMinutes: onsetMinutes,
                                   toThrombolysis: toThrombolysis, toThrombectomy: toThrombectomy, transfer: transfer)
        let e = try Failure.report(output) { try OutcomeModel.estimate(inputs) }
        explain.printCalculator(json: ModelJSON.outcomes(e), lines: OutcomeRendering.lines(e, output.localizer),
                                trace: e.trace, output)
    }
}
