import StrokeCenters
import StrokeJSON
import StrokeModels
import TriageEngine
import TriageRendering

/// The body of `POST /v1/assess`, read as the one-shot module commands read
/// their flags: `{"module": "coma|limited|full", "inputs": {…}, "mode"?: "offline", "lang"?: "en|de"}`.
///
/// `inputs` uses the keys of the CLI's JSON `inputs` object (`InputKey.json`):
/// every input of the module's assessment (`InputKey.assessmentKeys(for:)`: its own, then `onsetMinutes`
/// and `lat`/`lon`, both or neither), plus `gfapAssay` and `nihss` (the expected outcome beside the routing). Numbers are JSON numbers,
/// yes/no inputs JSON booleans (absent = no, as an absent CLI flag); `null` is
/// absent. Parsing checks presence and types (the CLI's argument parsing: 400);
/// `inputs(config:)` then checks values with the engine's `ModuleAssessment`,
/// in the CLI's order (docs/clinical-reference.md §6: 422).
///
/// ```swift
/// let request = try AssessRequest(Array(#"{"module":"coma","inputs":{"gfap":500}}"#.utf8))
/// let inputs = try request.inputs(config: AppConfig())   // inputs.gfap == 500
/// ```
public struct AssessRequest: Sendable {
    /// The module asked for.
    public let module: TriageModule
    /// The module's numeric inputs given, by key.
    public let numbers: [InputKey: Double]
    /// The yes/no inputs answered yes.
    public let findings: Set<InputKey>
    /// Onset, location and assay: what the CLI's `AssessmentFlags` carry.
    public let extras: ModuleRequest
    /// `lang`: the language of the sentences, `en` (default) or `de`, as the CLI's `--lang`.
    public let lang: String

    /// The members a request body may have.
    static let topLevelKeys = ["module", "inputs", "mode", "lang"]
    /// The key of the GFAP assay in the CLI's JSON `inputs` object.
    public static let assayKey = InputKey.gfapAssayMember
    /// The key of the NIHSS (the CLI's `--nihss`) in the JSON `inputs` object.
    public static let nihssKey = InputKey.nihssMember

    /// The keys `inputs` may hold for a module: its own (in form order), then onset, location, assay, NIHSS.
    public static func acceptedKeys(_ module: TriageModule) -> [String] {
        InputKey.assessmentKeys(for: module).map(\.json) + [assayKey, nihssKey]
    }

    /// Parses a body, checking presence and types.
    /// - Throws: `LocalAPIError`: 400 (`api.invalidJSON`, `api.notAnObject`, `api.missingField`,
    ///   `api.wrongType`, `api.unknownField`), 422 (`api.outOfRange` for `module`/`lang`, `api.unsupportedMode`).
    public init(_ bytes: some Collection<UInt8>) throws(LocalAPIError) {
        let body = try RequestBody.object(bytes)
        if body.keys.contains(where: { !Self.topLevelKeys.contains($0) }) {
            throw .unknownField("request", allowed: Self.topLevelKeys)
        }
        switch body["mode"] {
        case nil, .null?, .string("offline")?: break
        case .string?: throw .unsupportedMode
        case let other?: throw .wrongType("mode", expected: "the string offline, not \(other.typeName)")
        }
        switch body["lang"] {
        case nil, .null?: lang = "en"
        case .string(let tag)? where tag == "en" || tag == "de": lang = tag
        case .string?: throw LocalAPIError(code: "api.outOfRange", status: .unprocessableContent, message: "lang must be en or de.", field: "lang")
        case let other?: throw .wrongType("lang", expected: "a string (en or de), not \(other.typeName)")
        }
        switch body["module"] {
        case nil, .null?: throw .missingField("module")
        case .string(let name)?:
            guard let known = TriageModule(rawValue: name) else {
                throw LocalAPIError(code: "api.outOfRange", status: .unprocessableContent,
                                    message: "module must be coma, limited or full.", field: "module")
            }
            module = known
        case let other?: throw .wrongType("module", expected: "a string (coma, limited or full), not \(other.typeName)")
        }
        let values: [String: JSONValue]
        switch body["inputs"] {
        case nil, .null?: throw .missingField("inputs")
        case let inputs? where inputs.dictionary != nil: values = inputs.dictionary ?? [:]
        case let other?: throw .wrongType("inputs", expected: "an object, not \(other.typeName)")
        }
        let accepted = Self.acceptedKeys(module)
        if values.keys.contains(where: { !accepted.contains($0) }) { throw .unknownField("inputs", allowed: accepted) }
        var numbers: [InputKey: Double] = [:]
        var findings: Set<InputKey> = []
        for key in InputKey.assessmentKeys(for: module) {
            switch values[key.json] {
            case nil, .null?:
                if key.isRequired(in: module) { throw .missingField(key.json) }
            case .bool(let yes)? where key.isBoolean: if yes { findings.insert(key) }
            case .number(let d)? where !key.isBoolean: numbers[key] = d
            case .integer(let n)? where !key.isBoolean: numbers[key] = Double(n)
            case let other?:
                throw .wrongType(key.json, expected: key.isBoolean ? "true or false, not \(other.typeName)" : "a number, not \(other.typeName)")
            }
        }
        if (numbers[.lat] == nil) != (numbers[.lon] == nil) {
            throw LocalAPIError(code: "api.missingField", status: .badRequest, message: "lat and lon go together: give both or neither.",
                                field: numbers[.lat] == nil ? InputKey.lat.json : InputKey.lon.json)
        }
        var assay: String?
        switch values[Self.assayKey] {
        case nil, .null?: break
        case .string(let name)? where GfapAssay(rawValue: name) != nil: assay = name
        case .string?: throw Self.unknownAssay
        case let other?: throw .wrongType(Self.assayKey, expected: "a string, not \(other.typeName)")
        }
        var nihss: Double?
        switch values[Self.nihssKey] {
        case nil, .null?: break
        case .number(let d)?: nihss = d
        case .integer(let n)?: nihss = Double(n)
        case let other?: throw .wrongType(Self.nihssKey, expected: "a number, not \(other.typeName)")
        }
        self.numbers = numbers
        self.findings = findings
        extras = ModuleRequest(gfapAssay: assay, nihss: nihss)
    }

    /// The inputs, completed and checked by `ModuleAssessment` as the CLI checks them:
    /// the assay, the module's numbers in form order, onset, location, then systolic above diastolic.
    /// - Throws: 422 `api.outOfRange` naming the key, the allowed range and the value given;
    ///   503 `api.misconfigured` when the server's configured assay is unusable.
    public func inputs(config: AppConfig) throws(LocalAPIError) -> TriageInputs {
        do {
            return try ModuleAssessment.inputs(extras, config: config) { () throws(ModelsError) -> TriageInputs in
                // The catalogue's one way from values by key to checked inputs.
                var values = numbers
                for key in findings { values[key] = 1 }
                return try TriageInputs(module: module, values: values)
            }
        } catch let error as ModelsError {
            throw Self.rangeError(error.issues[0])
        } catch let error as EngineError {
            // The request's assay was checked when parsing: this is the server's configured `gfapAssay`.
            throw .misconfigured(error.code)
        } catch {
            throw .internalError
        }
    }

    /// 422: an assay name that is not in the list.
    static let unknownAssay = LocalAPIError(
        code: "api.outOfRange", status: .unprocessableContent,
        message: "gfapAssay must be one of \(GfapAssay.allCases.map(\.rawValue).joined(separator: ", ")).", field: assayKey)

    /// 422 `api.outOfRange` naming the input's JSON key, the allowed range and the value given.
    static func rangeError(_ issue: ValidationIssue) -> LocalAPIError {
        if issue.relation == .systolicAboveDiastolic {
            return LocalAPIError(code: "api.outOfRange", status: .unprocessableContent,
                                 message: "sbp must be above dbp; given sbp \(WireRange.valueText(issue.given)).", field: InputKey.sbp.json)
        }
        let key = InputKey(field: issue.field)?.json ?? issue.field.rawValue
        return .outOfRange(key, allowed: WireRange.text(issue.allowed), given: WireRange.valueText(issue.given))
    }
}
