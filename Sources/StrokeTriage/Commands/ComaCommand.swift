import ArgumentParser
import StrokeModels
import TriageRendering
import TriageEngine

/// `stroke-triage coma --gfap G`: the coma module (GCS ≤ `DecisionRules.comaGcsAtMost`), GFAP only.
struct ComaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coma", abstract: "Coma module (GCS \(DecisionRules.comaGcsAtMost) or below): ICH probability and bleed volume from GFAP only.")

    @Option(name: InputKey.gfap.name, help: "GFAP in pg/mL (\(TriageRules.allowed(.gfap).compactText)).", transform: DecimalFlag.double)
    var gfap: Double

    @OptionGroup var flags: AssessmentFlags
    @OptionGroup var output: OutputOptions
    @OptionGroup var prediction: PredictionOptions
    @OptionGroup var audit: AuditOptions
    @OptionGroup var notify: NotifyOptions

    func run() async throws {
        try await ModuleCommandRunner.run(flags: flags, output: output, prediction: prediction, audit: audit, notify: notify) { () throws(ModelsError) in
            TriageInputs(module: .coma, gfap: try ModuleAssessment.checked(.gfap, gfap))
        }
    }
}
