import ArgumentParser
import Foundation
import TriageEngine
import TriageRendering

/// `--fhir` and `--patient-id`: the assessment as one FHIR R4 Bundle on stdout instead of
/// the JSON object (`FHIRBundle`, docs/fhir.md); flags of the module commands and the walkthrough.
struct FHIROptions: ParsableArguments {
    @Flag(name: .long, help: "Print exactly one FHIR R4 Bundle (type collection) on stdout instead of the result (docs/fhir.md); not with --json.")
    var fhir = false

    @Option(name: .customLong("patient-id"), help: ArgumentHelp(
        "With --fhir: the patient's identifier, the Bundle's only Patient data (without it the Bundle has no Patient).", valueName: "id"))
    var patientId: String?

    /// Usage errors (exit 64): `--fhir` with `--json`, `--patient-id` without `--fhir` or empty.
    func check(_ output: OutputOptions) throws {
        if fhir, output.json { throw ValidationError("--fhir and --json are two forms of the same result: give one.") }
        if patientId != nil, !fhir { throw ValidationError("--patient-id goes with --fhir.") }
        if let patientId, patientId.isEmpty || patientId.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true }) {
            throw ValidationError("--patient-id: give a non-empty identifier without control characters.")
        }
    }

    /// The output options the run uses: with `--fhir`, machine output (as `--json`: prompts and
    /// notices on stderr, stdout for the one Bundle).
    func output(_ options: OutputOptions) -> OutputOptions {
        var options = options
        if fhir { options.json = true }
        return options
    }

    /// The Bundle of an outcome (`FHIRBundle`), or nil without `--fhir`.
    func bundle(_ outcome: AssessmentOutcome) -> String? {
        guard fhir else { return nil }
        return FHIRBundle.make(AssessmentSession.json(outcome), recorded: outcome.computedAt, patientId: patientId).serialized()
    }
}
