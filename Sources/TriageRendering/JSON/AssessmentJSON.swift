import StrokeJSON
import StrokeModels

/// The machine-readable form of an assessment (module commands, walkthrough
/// `--json`, batch JSON Lines): one contract, written in one place.
///
/// `{"module", "decision": {…}, "inputs": {…}, "ich": {prediction}, "lvo": {prediction} | null,
///   "volume": {as the volume command} | null, "warnings": […], "disclaimer"}`
/// where a prediction is `{"probability", "riskLevel", "cloudRiskLevel", "source", "model",
/// "drivers": [{"feature", "label", "weight", "cloudLabel"?}], "fallbackReason"?, "notes": […], "inputsUsed": […]}`:
/// `feature` is the `DriverCatalogue` key, `label` its English label, `cloudLabel`
/// the cloud's own name (cloud drivers only); `cloudRiskLevel` the function's own label or null;
/// `lvo` adds `"agreement"` (FAST-ED against the probability, or null).
public enum AssessmentJSON {
    /// The whole assessment object; `decision` (`DecisionRendering`) names the
    /// destination when `routing` is given. `decision` is made here unless the caller already has it.
    public static func assessment(_ a: Assessment, routing: RoutingSummary? = nil, decision: ClinicalDecision? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("module", .string(a.module.rawValue)),
            ("decision", DecisionRendering.json(decision ?? ClinicalDecision(a), assessment: a, routing: routing)),
            ("inputs", inputs(a.inputs)),
            ("ich", prediction(a.ich)),
            ("lvo", a.lvo.map { lvo(a, $0) } ?? .null),
            ("volume", a.volume.map(volume) ?? .null),
        ]
        // The configured prehospital LVO scales (walkthrough config `scales`), only when configured.
        if let report = a.scaleReport {
            members.append(("scales", ScalesRendering.json(report, findings: a.inputs.scaleFindings)))
        }
        members += [("warnings", ModelJSON.warnings(a.warnings)), ("disclaimer", ModelJSON.disclaimer)]
        return .object(members)
    }

    /// The JSON form of an outcome (the CLI's `--json`, the local API's `/v1/assess`):
    /// `assessment`, plus `routing` when there is advice, plus `trace` when `traces` are given (`--explain`).
    public static func outcome(_ outcome: AssessmentOutcome, traces: AssessmentTrace? = nil) -> JSONValue {
        guard case .object(var members) = assessment(outcome.assessment, routing: outcome.routing, decision: outcome.decision) else { return .null }
        if let routing = outcome.routing { members.append(("routing", routing.json)) }
        if let traces {
            var trace = TraceRendering.json(traces)
            if case .object(let parts) = trace, let outcomes = outcome.routing?.outcomeTrace {
                trace = .object(parts + [("outcomes", TraceRendering.json(outcomes))])
            }
            members.append(("trace", trace))
        }
        return .object(members)
    }

    /// One prediction with its provenance. `fallbackReason` appears only on fallbacks.
    public static func prediction(_ p: Prediction) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("probability", .number(p.probability)),
            ("riskLevel", p.riskLevel.map { .string($0.rawValue) } ?? .null),
            ("cloudRiskLevel", p.cloudRiskLevel.map { .string($0) } ?? .null),
            ("source", .string(p.source.rawValue)),
            ("model", .string(p.model)),
            ("drivers", .array(p.drivers.map(driver))),
        ]
        if let reason = p.fallbackReason { members.append(("fallbackReason", .string(ModelJSON.english.render(reason)))) }
        members.append(("notes", ModelJSON.warnings(p.notes)))
        members.append(("inputsUsed", .strings(p.inputsUsed)))
        return .object(members)
    }

    /// The LVO prediction plus `agreement` with FAST-ED, when both are there.
    public static func lvo(_ a: Assessment, _ p: Prediction) -> JSONValue {
        guard case .object(var members) = prediction(p) else { return .null }
        members.append(("agreement", LVOAgreement(a).map(agreement) ?? .null))
        return .object(members)
    }

    /// `{"status", "agrees", "lvoSuspected", "fastEd", "fastEdThreshold", "probability", "modelThreshold", "statement"}`.
    public static func agreement(_ g: LVOAgreement) -> JSONValue {
        .object([
            ("status", .string(g.status.rawValue)),
            ("agrees", .bool(g.agrees)),
            ("lvoSuspected", .bool(g.lvoSuspected)),
            ("fastEd", .integer(g.fastEd)),
            ("fastEdThreshold", .integer(LVOAgreement.fastEdThreshold)),
            ("probability", .number(g.probability)),
            ("modelThreshold", .number(LVOAgreement.modelThreshold)),
            ("statement", .string(ModelJSON.english.render(g.message))),
        ])
    }

    /// The volume object of the `volume` command plus the inputs it read, without the
    /// mortality band: no prognosis before hospital (docs/clinical-reference.md §12).
    public static func volume(_ v: VolumeEstimate) -> JSONValue {
        guard case .object(let all) = ModelJSON.volume(v) else { return .null }
        var members = all.filter { $0.0 != "mortality" }
        members.append(("inputsUsed", .strings(OfflinePredictionService.volumeInputs)))
        return .object(members)
    }

    /// One driver: catalogue key, English label, weight, and the cloud's own name when it came from the cloud.
    public static func driver(_ d: Driver) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("feature", .string(d.feature)),
            ("label", .string(DriverCatalogue.entry(d.feature).map { ModelJSON.english.text($0.labelKey) } ?? d.feature)),
            ("weight", .number(d.weight)),
        ]
        if let cloudLabel = d.cloudLabel { members.append(("cloudLabel", .string(cloudLabel))) }
        return .object(members)
    }

    /// The inputs the module uses, keyed by `InputKey.json`, plus onset and location when given.
    public static func inputs(_ i: TriageInputs) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for key in InputKey.keys(for: i.module) {
            members.append((key.json, value(key, i)))
            // `gfap` is null unless measured; `gfapStatus` says why (measured, pending, belowRange).
            if key == .gfap { members.append((InputKey.gfapStatusMember, .string(i.gfapStatus.rawValue))) }
        }
        if let assay = i.gfapAssay { members.append((InputKey.gfapAssayMember, .string(assay.rawValue))) }
        if let onset = i.onsetMinutes { members.append((InputKey.onsetMinutes.json, .number(onset))) }
        if let nihss = i.nihss { members.append((InputKey.nihssMember, .number(nihss))) }
        if let location = i.location {
            members.append((InputKey.lat.json, .number(location.latitude)))
            members.append((InputKey.lon.json, .number(location.longitude)))
        }
        return .object(members)
    }

    /// An input's JSON value through the catalogue (`TriageInputs[key]`): a finding as a boolean,
    /// a whole-number input as an integer, any other number as a number, `null` when not given.
    private static func value(_ key: InputKey, _ i: TriageInputs) -> JSONValue {
        guard let value = i[key] else { return .null }
        if key.isBoolean { return .bool(value == 1) }
        if key.allowedRange?.integer == true, abs(value) < 1e15 { return .integer(Int(value)) }
        return .number(value)
    }
}
