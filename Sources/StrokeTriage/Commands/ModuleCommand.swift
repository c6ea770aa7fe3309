// The module commands (`coma`, `limited`, `full`): one command type, its inputs and their help from
// the input catalogue, so an input added there is a flag here.

import ArgumentParser
import StrokeModels
import TriageEngine

/// Which module a `ModuleCommand` runs, with the command's one-line summary.
protocol ModuleChoice {
    static var module: TriageModule { get }
    static var abstract: String { get }
}

/// `stroke-triage coma|limited|full …`: one triage module's assessment from its catalogue inputs
/// (`InputKey.keys(for:)`; every number required, a finding given as a bare flag).
struct ModuleCommand<Choice: ModuleChoice>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = Choice.module.rawValue
        let keys = InputKey.assessmentKeys(for: Choice.module)
        let required = keys.filter { $0.isRequired(in: Choice.module) }
        return CommandConfiguration(commandName: name, abstract: Choice.abstract,
                                    usage: InputFlags.usageLine(name, keys, required: required),
                                    discussion: InputFlags.help(keys, required: required))
    }

    @OptionGroup var inputs: CatalogueInputs
    @OptionGroup var flags: AssessmentFlags
    @OptionGroup var output: OutputOptions
    @OptionGroup var prediction: PredictionOptions
    @OptionGroup var audit: AuditOptions
    @OptionGroup var notify: NotifyOptions
    @OptionGroup var fhir: FHIROptions

    /// The given inputs by key.
    func values() throws -> [InputKey: Double] {
        let keys = InputKey.assessmentKeys(for: Choice.module)
        return try inputs.values(keys, required: keys.filter { $0.isRequired(in: Choice.module) })
    }

    func validate() throws {
        if let problem = flags.request.usageProblem(given: try values()) { throw ValidationError(problem) }
        try fhir.check(output)
    }

    func run() async throws {
        let values = try values()
        try await ModuleCommandRunner.run(flags: flags, request: flags.request, output: output, prediction: prediction, audit: audit, notify: notify, fhir: fhir) { () throws(ModelsError) in
            try TriageInputs(module: Choice.module, values: values)
        }
    }
}

/// The coma module (GCS ≤ `DecisionRules.comaGcsAtMost`): GFAP only.
enum ComaModule: ModuleChoice {
    static let module = TriageModule.coma
    static var abstract: String { "Coma module (GCS \(DecisionRules.comaGcsAtMost) or below): ICH probability and bleed volume from GFAP only." }
}

/// The limited module: the patient cannot be examined neurologically.
enum LimitedModule: ModuleChoice {
    static let module = TriageModule.limited
    static let abstract = "Limited module (no neurological exam): ICH probability and bleed volume."
}

/// The full module: the patient can be examined neurologically.
enum FullModule: ModuleChoice {
    static let module = TriageModule.full
    static let abstract = "Full module (neurological exam): ICH and LVO probabilities and bleed volume."
}

/// The catalogue inputs of a command: the words argument-parser does not know, read by `InputFlags`.
struct CatalogueInputs: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var words: [String] = []

    /// The values of `keys` given; a usage error (exit 64) for anything else.
    func values(_ keys: [InputKey], required: [InputKey]) throws -> [InputKey: Double] {
        do {
            return try InputFlags.values(words, accepting: keys, required: required)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
