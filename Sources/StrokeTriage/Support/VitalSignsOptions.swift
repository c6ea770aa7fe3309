import ArgumentParser
import StrokeModels
import TriageRendering
import TriageEngine

/// The inputs the limited and full modules share: age, blood pressure, GFAP, vigilance.
struct VitalSignsOptions: ParsableArguments {
    @Option(name: InputKey.age.name, help: "Age in whole years (\(TriageRules.allowed(.age).compactText); the ICH baseline applies from \(Int(TriageRules.adultAge))).", transform: DecimalFlag.double)
    var age: Double
    @Option(name: InputKey.sbp.name, help: "Systolic blood pressure, mmHg (\(TriageRules.allowed(.systolic).compactText), above diastolic).", transform: DecimalFlag.double)
    var sbp: Double
    @Option(name: InputKey.dbp.name, help: "Diastolic blood pressure, mmHg (\(TriageRules.allowed(.diastolic).compactText)).", transform: DecimalFlag.double)
    var dbp: Double
    @Option(name: InputKey.gfap.name, help: "GFAP in pg/mL (\(TriageRules.allowed(.gfap).compactText)).", transform: DecimalFlag.double)
    var gfap: Double
    @Flag(name: InputKey.reducedVigilance.name, help: "Reduced vigilance.")
    var reducedVigilance = false

    /// Inputs for a module from these values, checked in the order the form asks them.
    /// - Throws: `ModelsError` for the first invalid field.
    func inputs(for module: TriageModule) throws(ModelsError) -> TriageInputs {
        try ModuleAssessment.vitalSigns(module, age: age, systolic: sbp, diastolic: dbp, gfap: gfap, reducedVigilance: reducedVigilance)
    }
}
