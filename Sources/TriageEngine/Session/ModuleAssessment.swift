import Logging
import StrokeCenters
import StrokeModels
import TriageRendering

/// What a one-shot module assessment is asked with beyond the catalogue's inputs (those, onset and
/// location included, are values by `InputKey`: `InputKey.assessmentKeys(for:)`): the CLI's
/// `AssessmentFlags`, a server's request body.
public struct ModuleRequest: Sendable, Hashable {
    /// The patient's place (German gazetteer), instead of the coordinates.
    public var near: String?
    /// The GFAP assay's name (else the configuration's `gfapAssay`).
    public var gfapAssay: String?
    /// The NIHSS (1–42): only the expected outcome beside the routing uses it.
    public var nihss: Double?

    /// A request with these extras (all optional).
    public init(near: String? = nil, gfapAssay: String? = nil, nihss: Double? = nil) {
        self.nihss = nihss
        self.near = near
        self.gfapAssay = gfapAssay
    }
}

/// The body of a one-shot module assessment (`coma`, `limited`, `full`): the
/// inputs completed and checked (docs/clinical-reference.md §6), then `AssessmentSession.assess`.
/// The disclaimer gate, the report and the output stay with the front-end.
public enum ModuleAssessment {
    /// The module's inputs completed with the request's assay, NIHSS and place, then validated.
    /// `build` turns the front-end's values into inputs (`TriageInputs(module:values:)`, onset and
    /// location included), throwing the first invalid field in the order the form asks them.
    /// - Throws: `EngineError.unknownGfapAssay` for a bad configured assay (before any field),
    ///   `ModelsError` for the first invalid field, `CentersError` for an unknown place.
    public static func inputs(_ request: ModuleRequest, config: AppConfig,
                              build: () throws(ModelsError) -> TriageInputs) throws -> TriageInputs {
        let assay = try GfapAssaySetting.resolve(flag: request.gfapAssay, config: config)
        var inputs = try build()
        inputs.gfapAssay = assay
        if let nihss = request.nihss { inputs.nihss = try checked(.nihss, nihss) }
        _ = try inputs.validate()
        if let near = request.near {
            // The same gazetteer and rules as `centers --near` and `route --near`.
            let place = try CentersEnvironment.gazetteer.resolve(near)
            inputs.location = place.coordinate
            inputs.place = place.displayName
        }
        return inputs
    }

    /// Completes, validates and assesses: `inputs(_:config:build:)` then `AssessmentSession.assess`.
    /// - Throws: the errors of both.
    public static func run(_ request: ModuleRequest, prediction: PredictionSettings, config: AppConfig,
                           output: OutputSettings = OutputSettings(), trail: AuditTrail = .disabled,
                           events: any EngineEventSink = IgnoringEventSink(), cloudLogger: Logger = CloudSettings.silentLogger,
                           build: () throws(ModelsError) -> TriageInputs) async throws -> AssessmentOutcome {
        let inputs = try self.inputs(request, config: config, build: build)
        return try await AssessmentSession.assess(inputs, prediction: prediction, config: config, output: output,
                                                  trail: trail, events: events, cloudLogger: cloudLogger)
    }
}

extension ModuleAssessment {
    /// The value when the triage rules allow it for the field.
    /// - Throws: `ModelsError` naming the field, the allowed range and the value.
    static func checked(_ field: InputField, _ value: Double) throws(ModelsError) -> Double {
        if let issue = TriageRules.check(field, value).issue { throw ModelsError(issue) }
        return value
    }
}
