import ArgumentParser
import StrokeModels

/// `stroke-triage limited --age A --sbp S --dbp D --gfap G [--reduced-vigilance]`:
/// the limited module (patient cannot be examined neurologically).
struct LimitedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limited", abstract: "Limited module (no neurological exam): ICH probability and bleed volume.")

    @Option(name: InputKey.age.name, help: "Age in whole years (0–120; the ICH baseline applies from 18).")
    var age: Double
    @Option(name: InputKey.sbp.name, help: "Systolic blood pressure, mmHg (60–300, above diastolic).")
    var sbp: Double
    @Option(name: InputKey.dbp.name, help: "Diastolic blood pressure, mmHg (30–200).")
    var dbp: Double
    @Option(name: InputKey.gfap.name, help: "GFAP in pg/mL (29–10001).")
    var gfap: Double
    @Flag(name: InputKey.reducedVigilance.name, help: "Reduced vigilance.")
    var reducedVigilance = false

    @OptionGroup var flags: AssessmentFlags
    @OptionGroup var output: OutputOptions
    @OptionGroup var prediction: PredictionOptions
    @OptionGroup var audit: AuditOptions

    func run() async throws {
        try await ModuleCommandRunner.run(flags: flags, output: output, prediction: prediction, audit: audit) { () throws(ModelsError) in
            let age = try ModuleCommandRunner.whole(.age, age)
            let systolic = try ModuleCommandRunner.whole(.systolic, sbp)
            let diastolic = try ModuleCommandRunner.whole(.diastolic, dbp)
            var inputs = TriageInputs(module: .limited, gfap: try ModuleCommandRunner.checked(.gfap, gfap))
            inputs.age = age
            inputs.systolic = systolic
            inputs.diastolic = diastolic
            inputs.reducedVigilance = reducedVigilance
            return inputs
        }
    }
}
