// The scale commands: one scale each (`race`, `lams`, `cpsss`, `pass`, `van`, with their shared body) and `scales`, every scale at once.

import ArgumentParser
import StrokeModels
import TriageEngine
import TriageRendering

/// `stroke-triage race …`: the RACE scale (Pérez de la Ossa et al., Stroke 2014).
struct RaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "race", abstract: ScaleHelp.abstract(RaceScale.definition, then: " from its five items"))

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

/// `stroke-triage lams …`: the Los Angeles Motor Scale (Llanes et al. 2004; LVO: Nazliel et al., Stroke 2008).
struct LamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lams", abstract: ScaleHelp.abstract(LamsScale.definition, then: " from its three items"))

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

/// `stroke-triage cpsss …`: the Cincinnati Prehospital Stroke Severity Scale (Katz et al., Stroke 2015).
struct CpsssCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cpsss", abstract: ScaleHelp.abstract(CpsssScale.definition, inside: " = 2 × gaze + the others"))

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

/// `stroke-triage pass …`: the Prehospital Acute Stroke Severity scale (Hastrup et al., Stroke 2016).
struct PassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pass", abstract: ScaleHelp.abstract(PassScale.definition, then: " from its three items"))

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

/// The shared body of the scale commands (`race`, `lams`, `cpsss`, `pass`,
/// `van`): check the items, score, print JSON or text, with `--explain`.
enum ScaleCommandRunner {
    /// Scores one scale from its flag values and prints the result.
    /// Exits 65 naming the first item outside its points.
    static func run(_ scale: LVOScale, _ values: [ScaleItem: Double], output: OutputOptions, explain: ExplainOptions) throws {
        let score = try Failure.report(output) { () throws(ModelsError) -> ScaleScore in
            try scale.definition.score(try ScaleFindings.points(values))
        }
        explain.printCalculator(json: ScaleRendering.json(score), lines: ScaleRendering.lines(score, output.localizer),
                                trace: score.trace, output)
    }
}

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

/// The scale commands' help: the total's range and the cut-off come from the scale's definition
/// (StrokeModels), never typed here.
enum ScaleHelp {
    /// "RACE total (0–9) from its five items; ≥ 5 suggests LVO (a scale flag, not a probability)."
    static func abstract(_ definition: ScaleDefinition, inside: String = "", then: String = "") -> String {
        let name = definition.scale.rawValue.uppercased()
        let total = (definition.maximumTotal.map { "(0–\($0)\(inside))" } ?? "") + then
        let rule = definition.threshold.map { "; ≥ \($0) suggests LVO" } ?? ""
        return "\(name) total \(total)\(rule) (a scale flag, not a probability)."
    }
}
