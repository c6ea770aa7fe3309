import ArgumentParser
import StrokeModels

/// `stroke-triage full --age A --sbp S --dbp D --gfap G --fast-ed F [findings…]`:
/// the full module (patient can be examined): ICH and LVO probabilities.
struct FullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "full", abstract: "Full module (neurological exam): ICH and LVO probabilities and bleed volume.")

    @Option(name: InputKey.age.name, help: "Age in whole years (0–120; the ICH baseline applies from 18).")
    var age: Double
    @Option(name: InputKey.sbp.name, help: "Systolic blood pressure, mmHg (60–300, above diastolic).")
    var sbp: Double
    @Option(name: InputKey.dbp.name, help: "Diastolic blood pressure, mmHg (30–200).")
    var dbp: Double
    @Option(name: InputKey.gfap.name, help: "GFAP in pg/mL (29–10001).")
    var gfap: Double
    @Option(name: InputKey.fastEd.name, help: "FAST-ED total (whole number 0–9).")
    var fastEd: Double

    @Flag(name: InputKey.headache.name, help: "Headache.")
    var headache = false
    @Flag(name: InputKey.legParesis.name, help: "Leg paresis.")
    var legParesis = false
    @Flag(name: InputKey.armParesis.name, help: "Arm paresis.")
    var armParesis = false
    @Flag(name: InputKey.eyeDeviation.name, help: "Eye deviation.")
    var eyeDeviation = false
    @Flag(name: InputKey.reducedVigilance.name, help: "Reduced vigilance.")
    var reducedVigilance = false
    @Flag(name: InputKey.atrialFibrillation.name, help: "Atrial fibrillation.")
    var atrialFibrillation = false
    @Flag(name: InputKey.anticoagulated.name, help: "Anticoagulation with a NOAC/DOAC.")
    var anticoagulated = false
    @Flag(name: InputKey.antiplatelets.name, help: "Antiplatelet medication.")
    var antiplatelets = false

    @OptionGroup var flags: AssessmentFlags
    @OptionGroup var output: OutputOptions
    @OptionGroup var prediction: PredictionOptions
    @OptionGroup var audit: AuditOptions

    func run() async throws {
        try await ModuleCommandRunner.run(flags: flags, output: output, prediction: prediction, audit: audit) { () throws(ModelsError) in
            let age = try ModuleCommandRunner.whole(.age, age)
            let systolic = try ModuleCommandRunner.whole(.systolic, sbp)
            let diastolic = try ModuleCommandRunner.whole(.diastolic, dbp)
            var inputs = TriageInputs(module: .full, gfap: try ModuleCommandRunner.checked(.gfap, gfap))
            inputs.age = age
            inputs.systolic = systolic
            inputs.diastolic = diastolic
            inputs.fastEd = try ModuleCommandRunner.whole(.fastEd, fastEd)
            inputs.headache = headache
            inputs.legParesis = legParesis
            inputs.armParesis = armParesis
            inputs.eyeDeviation = eyeDeviation
            inputs.reducedVigilance = reducedVigilance
            inputs.atrialFibrillation = atrialFibrillation
            inputs.anticoagulated = anticoagulated
            inputs.antiplatelets = antiplatelets
            return inputs
        }
    }
}
