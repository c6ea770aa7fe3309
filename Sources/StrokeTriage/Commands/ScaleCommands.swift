// The scale commands: one scale each (`race`, `lams`, `cpsss`, `pass`, `van`: one command type) and
// `scales`, every scale at once. Their item flags and help come from the input catalogue.

import ArgumentParser
import StrokeModels
import TriageEngine
import TriageRendering

/// Which scale a `ScaleCommand` scores; `nil`: every scale the findings determine (`scales`).
protocol ScaleChoice { static var scale: LVOScale? { get } }
/// RACE (Pérez de la Ossa et al., Stroke 2014).
enum RaceChoice: ScaleChoice { static let scale: LVOScale? = .race }
/// The Los Angeles Motor Scale (Llanes et al. 2004; LVO: Nazliel et al., Stroke 2008).
enum LamsChoice: ScaleChoice { static let scale: LVOScale? = .lams }
/// The Cincinnati Prehospital Stroke Severity Scale (Katz et al., Stroke 2015).
enum CpsssChoice: ScaleChoice { static let scale: LVOScale? = .cpsss }
/// The Prehospital Acute Stroke Severity scale (Hastrup et al., Stroke 2016).
enum PassChoice: ScaleChoice { static let scale: LVOScale? = .pass }
/// Vision, Aphasia, Neglect (Teleb et al., J NeuroIntervent Surg 2017).
enum VanChoice: ScaleChoice { static let scale: LVOScale? = .van }
/// Every scale at once, side by side, naming the items each undetermined scale still needs.
enum AllScales: ScaleChoice { static let scale: LVOScale? = nil }

/// `stroke-triage race|lams|cpsss|pass|van …`: one scale from its items (each required); `stroke-triage scales …`:
/// any items, on every prehospital LVO scale they determine.
struct ScaleCommand<Choice: ScaleChoice>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let name = Choice.scale?.rawValue ?? "scales"
        let help = InputFlags.help(keys, required: required)
        guard let scale = Choice.scale else {
            return CommandConfiguration(
                commandName: name, abstract: "Every LVO scale (RACE, LAMS, CPSSS, PASS, VAN) the given findings determine, side by side.",
                usage: InputFlags.usageLine(name, keys, required: []),
                discussion: "Give any items; shared items (--gaze-deviation, --arm-weakness) count for every scale that uses them. "
                    + "Scale flags, not probabilities: the LVO probability is the GFAP + FAST-ED model's.\n\n" + help)
        }
        return CommandConfiguration(commandName: name, abstract: ScaleHelp.abstract(scale.definition),
                                    usage: InputFlags.usageLine(name, keys, required: required), discussion: help)
    }

    /// The items as catalogue keys, in exam order (every item for `scales`).
    static var keys: [InputKey] { Choice.scale.map { $0.definition.items.compactMap(InputKey.init(item:)) } ?? InputKey.scaleKeys }
    /// A single scale needs every item; `scales` none.
    static var required: [InputKey] { Choice.scale == nil ? [] : keys }

    @OptionGroup var inputs: CatalogueInputs
    @OptionGroup var explain: ExplainOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: CalculatorAuditOptions

    func validate() throws { _ = try inputs.values(Self.keys, required: Self.required) }

    func run() throws {
        let values = ScaleFindings.byItem(try inputs.values(Self.keys, required: Self.required))
        guard let scale = Choice.scale else {
            let findings = try Failure.report(output) { () throws -> [ScaleItem: Int] in try ScaleFindings.points(values) }
            let report = try Failure.report(output) { () throws -> ScaleReport in try ScaleReport(findings: findings) }
            if output.json {
                return Console.out(ModelJSON.withDisclaimer(ScalesRendering.json(report, findings: findings, explain: explain.explain)).serialized())
            }
            return Console.out(lines: CalculatorText.lines(ScalesRendering.lines(report, output.localizer), traces: report.scored.map(\.trace),
                                                           explain: explain.explain, localizer: output.localizer))
        }
        let score = try Failure.report(output) { () throws(ModelsError) -> ScaleScore in try scale.definition.score(try ScaleFindings.points(values)) }
        explain.printCalculator(json: ScaleRendering.json(score), lines: ScaleRendering.lines(score, output.localizer), trace: score.trace, output)
    }
}

/// The scale commands' help: the total's range and the cut-off come from the scale's definition
/// (StrokeModels), never typed here.
enum ScaleHelp {
    /// "RACE total (0–9) from its 5 items; ≥ 5 suggests LVO (a scale flag, not a probability)."
    /// VAN: "VAN positive or negative from its 4 items (a scale flag, not a probability)."
    static func abstract(_ definition: ScaleDefinition) -> String {
        let name = definition.scale.rawValue.uppercased()
        let items = "from its \(definition.items.count) items"
        guard let total = definition.maximumTotal, let threshold = definition.threshold else {
            return "\(name) positive or negative \(items) (a scale flag, not a probability)."
        }
        return "\(name) total (0–\(total)) \(items); ≥ \(threshold) suggests LVO (a scale flag, not a probability)."
    }
}
