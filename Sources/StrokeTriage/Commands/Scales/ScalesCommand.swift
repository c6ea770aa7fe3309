import ArgumentParser
import StrokeModels
import TriageEngine
import TriageRendering

/// `stroke-triage scales …`: one set of exam findings on every prehospital
/// LVO scale it determines (RACE, LAMS, CPSSS, PASS, VAN), side by side,
/// naming the items each undetermined scale still needs.
struct ScalesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scales",
        abstract: "Every LVO scale (RACE, LAMS, CPSSS, PASS, VAN) the given findings determine, side by side.",
        discussion: "Give any items; shared items (--gaze-deviation, --arm-weakness) count for every scale that uses them. "
            + "Scale flags, not probabilities: the LVO probability is the GFAP + FAST-ED model's.")

    @Option(name: .customLong("facial-palsy"), help: "RACE facial palsy: 0 absent, 1 mild, 2 moderate to severe.", transform: DecimalFlag.double)
    var facialPalsy: Double?
    @Option(name: .customLong("arm-motor"), help: "RACE arm motor: 0 normal to mild, 1 moderate, 2 severe.", transform: DecimalFlag.double)
    var armMotor: Double?
    @Option(name: .customLong("leg-motor"), help: "RACE leg motor: 0 normal to mild, 1 moderate, 2 severe.", transform: DecimalFlag.double)
    var legMotor: Double?
    @Option(name: .customLong("gaze-deviation"), help: "Gaze deviation (RACE, CPSSS, PASS): 0 absent, 1 present.", transform: DecimalFlag.double)
    var gazeDeviation: Double?
    @Option(name: .customLong("aphasia-agnosia"), help: "RACE aphasia or agnosia: 0 normal, 1 moderate, 2 severe.", transform: DecimalFlag.double)
    var aphasiaAgnosia: Double?
    @Option(name: .customLong("facial-droop"), help: "LAMS facial droop: 0 absent, 1 present.", transform: DecimalFlag.double)
    var facialDroop: Double?
    @Option(name: .customLong("arm-drift"), help: "LAMS arm drift: 0 absent, 1 drifts down, 2 falls rapidly.", transform: DecimalFlag.double)
    var armDrift: Double?
    @Option(name: .customLong("grip-strength"), help: "LAMS grip strength: 0 normal, 1 weak, 2 no grip.", transform: DecimalFlag.double)
    var gripStrength: Double?
    @Option(name: .customLong("loc-questions-and-commands"), help: "CPSSS: fails a LOC question and a command: 0 no, 1 yes.", transform: DecimalFlag.double)
    var locQuestionsAndCommands: Double?
    @Option(name: .customLong("loc-questions"), help: "PASS: abnormal LOC questions (month, age): 0 no, 1 yes.", transform: DecimalFlag.double)
    var locQuestions: Double?
    @Option(name: .customLong("arm-weakness"), help: "Arm weakness (CPSSS, PASS, VAN): 0 no, 1 yes.", transform: DecimalFlag.double)
    var armWeakness: Double?
    @Option(name: .long, help: "VAN visual disturbance: 0 no, 1 yes.", transform: DecimalFlag.double)
    var vision: Double?
    @Option(name: .long, help: "VAN aphasia: 0 no, 1 yes.", transform: DecimalFlag.double)
    var aphasia: Double?
    @Option(name: .long, help: "VAN neglect: 0 no, 1 yes.", transform: DecimalFlag.double)
    var neglect: Double?

    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    /// The flag values by item (absent flags are left out).
    var values: [ScaleItem: Double] {
        let all: [(ScaleItem, Double?)] = [
            (.facialPalsy, facialPalsy), (.armMotor, armMotor), (.legMotor, legMotor), (.gazeDeviation, gazeDeviation),
            (.aphasiaAgnosia, aphasiaAgnosia), (.facialDroop, facialDroop), (.armDrift, armDrift),
            (.gripStrength, gripStrength), (.locQuestionsAndCommands, locQuestionsAndCommands),
            (.locQuestions, locQuestions), (.armWeakness, armWeakness), (.vision, vision), (.aphasia, aphasia),
            (.neglect, neglect),
        ]
        return Dictionary(uniqueKeysWithValues: all.compactMap { item, value in value.map { (item, $0) } })
    }

    func run() throws {
        let findings = try Failure.report(output) { () throws -> [ScaleItem: Int] in try ScaleFindings.points(values) }
        let report = try Failure.report(output) { () throws -> ScaleReport in try ScaleReport(findings: findings) }
        if output.json {
            return Console.out(ModelJSON.withDisclaimer(ScalesRendering.json(report, findings: findings, explain: explain.explain)).serialized())
        }
        Console.out(lines: CalculatorText.lines(ScalesRendering.lines(report, output.localizer), traces: report.scored.map(\.trace),
                                                explain: explain.explain, localizer: output.localizer))
    }
}
