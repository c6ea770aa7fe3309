import ArgumentParser
import StrokeModels
import TriageRendering
import TriageEngine

/// The inputs the limited and full modules share: age, blood pressure, GFAP, vigilance.
struct VitalSignsOptions: ParsableArguments {
    @Option(name: InputKey.age.name, help: "Age in whole years (0–120; the ICH baseline applies from 18).", transform: DecimalFlag.double)
    var age: Double
    @Option(name: InputKey.sbp.name, help: "Systolic blood pressure, mmHg (60–300, above diastolic).", transform: DecimalFlag.double)
    var sbp: Double
    @Option(name: InputKey.dbp.name, help: "Diastolic blood pressure, mmHg (30–200).", transform: DecimalFlag.double)
    var dbp: Double
    @Option(name: InputKey.gfap.name, help: "GFAP in pg/mL (29–10001).", transform: DecimalFlag.double)
    var gfap: Double
    @Flag(name: InputKey.reducedVigilance.name, help: "Reduced vigilance.")
    var reducedVigilance = false

    /// Inputs for a module from these values, checked in the order the form asks them.
    /// - Throws: `ModelsError` for the first invalid field.
    func inputs(for module: TriageModule) throws(ModelsError) -> TriageInputs {
        try ModuleAssessment.vitalSigns(module, age: age, systolic: sbp, diastolic: dbp, gfap: gfap, reducedVigilance: reducedVigilance)
    }
}
