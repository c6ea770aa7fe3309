import ArgumentParser
import StrokeModels
import TriageRendering
import TriageEngine

/// `stroke-triage coma --gfap G`: the coma module (GCS < 9), GFAP only.
struct ComaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coma", abstract: "Coma module (GCS < 9): ICH probability and bleed volume from GFAP only.")

    @Option(name: InputKey.gfap.name, help: "GFAP in pg/mL (29–10001).", transform: DecimalFlag.double)
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
