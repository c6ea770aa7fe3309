import StrokeJSON
import StrokeModels

/// The predictions and the decision as FHIR (docs/fhir.md): one `RiskAssessment`
/// each for ICH and LVO, and the decision as a `GuidanceResponse` whose output is a
/// `Parameters` resource. Every value is the assessment JSON's own: nothing is decided here.
enum FHIRDecisionResources {
    /// The RiskAssessment of one prediction (`ich` or `lvo` of the `--json` object).
    /// - Parameters:
    ///   - outcome: `ich` or `lvo`.
    ///   - prediction: the prediction object.
    ///   - used: whether the decision used the number (`decision.ichUsed`, or `model` in `decision.lvoBasis`).
    ///   - basis: references to the Observations of the inputs the model read.
    static func riskAssessment(_ outcome: String, _ prediction: JSONValue, used: Bool, basis: [JSONValue], context: FHIRContext) -> JSONValue {
        let english = ModelJSON.english
        let source = prediction["source"]?.stringValue ?? "local"
        let model = prediction["model"]?.stringValue ?? ""
        let outcomeText = outcome == "ich" ? "Intracerebral haemorrhage (ICH)" : "Large vessel occlusion (LVO)"
        var predicted: [(String, JSONValue)] = [
            ("outcome", FHIRVocabulary.concept(FHIRVocabulary.coding(FHIRVocabulary.outcomeSystem, outcome, outcomeText), text: outcomeText)),
        ]
        if let p = prediction["probability"], !p.isNull { predicted.append(("probabilityDecimal", p)) }
        if let level = prediction["riskLevel"]?.stringValue {
            // FHIR's risk-probability codes: ours `medium` is its `moderate`; `critical` its `high`.
            let code = ["low": "low", "medium": "moderate", "high": "high", "critical": "high"][level] ?? "moderate"
            predicted.append(("qualitativeRisk", FHIRVocabulary.concept(
                FHIRVocabulary.coding("http://terminology.hl7.org/CodeSystem/risk-probability", code), text: level)))
        }
        var notes: [String] = []
        if let reason = prediction["fallbackReason"]?.stringValue { notes.append(reason) }
        notes += prediction["notes"]?.stringArray ?? []
        if outcome == "lvo", let statement = prediction["agreement"]?["statement"]?.stringValue { notes.append(statement) }
        notes.append(english.text("disclaimer.short"))
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("RiskAssessment")),
            ("extension", .array([
                FHIRVocabulary.fhirExtension(FHIRVocabulary.sourceExtension, "Code", .string(source)),
                FHIRVocabulary.fhirExtension(FHIRVocabulary.usedExtension, "Boolean", .bool(used)),
            ])),
            ("status", .string("final")),
            ("method", FHIRVocabulary.concept(FHIRVocabulary.coding(FHIRVocabulary.modelSystem, model, english.text("source.\(source)")),
                                              text: "\(model) (\(english.text("source.\(source)")))")),
            ("code", FHIRVocabulary.concept(FHIRVocabulary.coding(FHIRVocabulary.outcomeSystem, outcome, outcomeText), text: outcomeText)),
            ("subject", context.subject),
        ]
        if let encounter = context.encounter { members.append(("encounter", encounter)) }
        members += [
            ("occurrenceDateTime", .string(context.recorded)),
            ("performer", context.device),
        ]
        if !basis.isEmpty { members.append(("basis", .array(basis))) }
        members += [("prediction", .array([.object(predicted)])), ("note", notes.notes)]
        return .object(members)
    }

    /// The decision's `Parameters`: urgency, LVO verdict and basis, whether ICH was used, each
    /// recommendation (code and text), each summary line, the protocol's id and sha256.
    static func parameters(_ decision: JSONValue) -> JSONValue {
        var parameters: [JSONValue] = []
        func add(_ name: String, _ type: String, _ value: JSONValue) {
            parameters.append(.object([("name", .string(name)), ("value" + type, value)]))
        }
        if let urgency = decision["urgency"]?.stringValue { add("urgency", "Code", .string(urgency)) }
        if let suspected = decision["lvoSuspected"]?.boolValue { add("lvoSuspected", "Boolean", .bool(suspected)) }
        for basis in decision["lvoBasis"]?.stringArray ?? [] { add("lvoBasis", "Code", .string(basis)) }
        if let used = decision["ichUsed"]?.boolValue { add("ichUsed", "Boolean", .bool(used)) }
        for recommendation in decision["recommendations"]?.arrayValue ?? [] {
            guard let code = recommendation["code"]?.stringValue, let text = recommendation["text"]?.stringValue else { continue }
            parameters.append(.object([("name", .string("recommendation")), ("part", .array([
                .object([("name", .string("code")), ("valueCoding", FHIRVocabulary.coding(FHIRVocabulary.recommendationSystem, code))]),
                .object([("name", .string("text")), ("valueString", .string(text))]),
            ]))]))
        }
        for line in decision["summary"]?.stringArray ?? [] { add("summary", "String", .string(line)) }
        if let id = decision["protocol"]?["id"]?.stringValue { add("protocolId", "String", .string(id)) }
        if let sha = decision["protocol"]?["sha256"]?.stringValue { add("protocolSha256", "String", .string(sha)) }
        return .object([("resourceType", .string("Parameters")), ("parameter", .array(parameters))])
    }

    /// The GuidanceResponse: the protocol as its module (id, sha256 as the version), status success,
    /// the Parameters as its output, the summary and the disclaimer as notes.
    static func guidanceResponse(_ decision: JSONValue, parameters: JSONValue, context: FHIRContext) -> JSONValue {
        let id = decision["protocol"]?["id"]?.stringValue ?? "default"
        let sha = decision["protocol"]?["sha256"]?.stringValue
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("GuidanceResponse")),
            ("moduleCodeableConcept", FHIRVocabulary.concept(FHIRVocabulary.coding(FHIRVocabulary.protocolSystem, id, version: sha),
                                                             text: "stroke-triage protocol \(id)")),
            ("status", .string("success")),
        ]
        if case .object(let s) = context.subject, s.contains(where: { $0.0 == "reference" }) { members.append(("subject", context.subject)) }
        if let encounter = context.encounter { members.append(("encounter", encounter)) }
        members += [("occurrenceDateTime", .string(context.recorded)), ("performer", context.device)]
        if let urgency = decision["urgency"]?.stringValue {
            members.append(("reasonCode", .array([FHIRVocabulary.concept(
                FHIRVocabulary.coding(FHIRVocabulary.base + "/CodeSystem/urgency", urgency), text: ModelJSON.english.text("decision.urgency.\(urgency)"))])))
        }
        let notes = (decision["summary"]?.stringArray ?? []) + (decision["recommendations"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
            + [ModelJSON.english.text("disclaimer.short")]
        members += [("note", notes.notes), ("outputParameters", parameters)]
        return .object(members)
    }
}

extension [String] {
    /// FHIR `Annotation`s of these texts.
    var notes: JSONValue { .array(map { .object([("text", .string($0))]) }) }
}
