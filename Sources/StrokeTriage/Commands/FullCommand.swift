import ArgumentParser
import StrokeModels
import TriageRendering
import TriageEngine

/// `stroke-triage full --age A --sbp S --dbp D --gfap G --fast-ed F [findings…]`:
/// the full module (patient can be examined): ICH and LVO probabilities.
struct FullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "full", abstract: "Full module (neurological exam): ICH and LVO probabilities and bleed volume.")

    @OptionGroup var vitals: VitalSignsOptions
    @Option(name: InputKey.fastEd.name, help: "FAST-ED total (whole number \(TriageRules.allowed(.fastEd).compactText); ≥ \(FastEdExam.lvoSuspectedFrom) suggests LVO).", transform: DecimalFlag.double)
    var fastEd: Double

    @Flag(name: InputKey.headache.name, help: "Headache.")
    var headache = false
    @Flag(name: InputKey.legParesis.name, help: "Leg paresis.")
    var legParesis = false
    @Flag(name: InputKey.armParesis.name, help: "Arm paresis.")
    var armParesis = false
    @Flag(name: InputKey.eyeDeviation.name, help: "Eye deviation.")
    var eyeDeviation = false
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
    @OptionGroup var notify: NotifyOptions
    @OptionGroup var fhir: FHIROptions

    func validate() throws { try fhir.check(output) }

    func run() async throws {
        try await ModuleCommandRunner.run(flags: flags, output: output, prediction: prediction, audit: audit, notify: notify, fhir: fhir) { () throws(ModelsError) in
            var inputs = try vitals.inputs(for: .full)
            inputs.fastEd = try ModuleAssessment.whole(.fastEd, fastEd)
            inputs.headache = headache
            inputs.legParesis = legParesis
            inputs.armParesis = armParesis
            inputs.eyeDeviation = eyeDeviation
            inputs.atrialFibrillation = atrialFibrillation
            inputs.anticoagulated = anticoagulated
            inputs.antiplatelets = antiplatelets
            return inputs
        }
    }
}
