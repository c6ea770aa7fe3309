import ArgumentParser
import StrokeModels

/// `stroke-triage limited --age A --sbp S --dbp D --gfap G [--reduced-vigilance]`:
/// the limited module (patient cannot be examined neurologically).
struct LimitedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limited", abstract: "Limited module (no neurological exam): ICH probability and bleed volume.")

    @OptionGroup var vitals: VitalSignsOptions
    @OptionGroup var flags: AssessmentFlags
    @OptionGroup var output: OutputOptions
    @OptionGroup var prediction: PredictionOptions
    @OptionGroup var audit: AuditOptions
    @OptionGroup var notify: NotifyOptions

    func run() async throws {
        try await ModuleCommandRunner.run(flags: flags, output: output, prediction: prediction, audit: audit, notify: notify) { () throws(ModelsError) in
            try vitals.inputs(for: .limited)
        }
    }
}
