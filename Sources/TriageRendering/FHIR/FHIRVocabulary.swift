import StrokeJSON
import StrokeModels

/// The codes of the FHIR forms (docs/fhir.md): LOINC where LOINC has a code for
/// what an input is, our own code systems under one canonical base where it has
/// none. The one table both directions use: the Bundle's Observations are
/// written from it (`FHIRObservations`) and the CDS Hooks service reads
/// Observations back through it (`FHIRVocabulary.input(system:code:)`).
public enum FHIRVocabulary {
    /// The canonical base of our own code systems, naming systems and extensions. A stable
    /// identifier, not a web page: `.invalid` (RFC 2606) can never belong to anyone else.
    public static let base = "https://stroke-triage.invalid/fhir"
    /// LOINC's system URI.
    public static let loinc = "http://loinc.org"
    /// UCUM's system URI.
    public static let ucum = "http://unitsofmeasure.org"

    /// Our own code system of the inputs LOINC has no code for (codes: the input catalogue's JSON names).
    public static let inputSystem = base + "/CodeSystem/input"
    /// The GFAP assays (`GfapAssay` raw values).
    public static let assaySystem = base + "/CodeSystem/gfap-assay"
    /// The predicted outcomes (`ich`, `lvo`).
    public static let outcomeSystem = base + "/CodeSystem/outcome"
    /// The models (code: the model id the JSON names, e.g. `2024.09.28-calibrated`).
    public static let modelSystem = base + "/CodeSystem/model"
    /// The local protocols (code: the protocol id; version: its sha256).
    public static let protocolSystem = base + "/CodeSystem/protocol"
    /// The recommendations' stable codes (`rec.…`).
    public static let recommendationSystem = base + "/CodeSystem/recommendation"
    /// The stroke centers' ids (the centers dataset's `id`).
    public static let centerSystem = base + "/NamingSystem/center"
    /// Extension: where a prediction came from (`cloud`, `local`, `baseline`).
    public static let sourceExtension = base + "/StructureDefinition/prediction-source"
    /// Extension: whether the decision used the prediction.
    public static let usedExtension = base + "/StructureDefinition/decision-used"
    /// Extension: the estimated drive time to a planned location (a `Duration` in minutes).
    public static let driveExtension = base + "/StructureDefinition/drive-time"
    /// Extension: the role of a planned location (`destination`, `transfer`).
    public static let roleExtension = base + "/StructureDefinition/location-role"

    /// LOINC: blood pressure panel (85354-9), systolic (8480-6), diastolic (8462-4).
    public static let bpPanel = "85354-9", systolic = InputKey.sbp.loinc!.code, diastolic = InputKey.dbp.loinc!.code
    /// LOINC: Glasgow coma score total (9269-2); read by the CDS Hooks service, never written.
    public static let gcsTotal = "9269-2"
    /// LOINC: GFAP by immunoassay in plasma, serum, blood; read by the CDS Hooks service as GFAP
    /// (the Bundle writes our own `gfap`: the specimen is not recorded).
    public static let gfapLoinc = ["97604-3", "100435-7", "105327-1"]
    /// Our own code of the coma module's finding (GCS ≤ 8, `DecisionRules.comaGcsAtMost`).
    public static let comatose = "comatose"

    /// How one input is coded in an Observation.
    public struct InputCode: Sendable, Equatable {
        /// The catalogue's key.
        public let key: InputKey
        /// The code system.
        public let system: String
        /// The code.
        public let code: String
        /// The English display (LOINC's own name for LOINC codes).
        public let display: String
        /// The UCUM unit of a quantity, `nil` for an integer score or a yes/no finding.
        public let unit: String?
    }

    /// The code of an input, from the catalogue (`InputKey.loinc`, `InputKey.ucum`): LOINC where it has
    /// a code, else our own; `nil` for the location, which has no Observation (docs/fhir.md).
    public static func code(_ key: InputKey) -> InputCode? {
        if key == .lat || key == .lon { return nil }
        guard let loinc = key.loinc else { return own(key, unit: key.ucum) }
        return InputCode(key: key, system: Self.loinc, code: loinc.code, display: loinc.display, unit: key.ucum)
    }

    /// The NIHSS total (LOINC 72089-6): the outcome estimate's input, not a catalogue key.
    public static let nihss = (system: loinc, code: "72089-6", display: "Total score [NIH Stroke Scale]", unit: "{score}")

    /// Our own code of an input: its JSON name; the display is the English label of the catalogue.
    private static func own(_ key: InputKey, unit: String?) -> InputCode {
        InputCode(key: key, system: inputSystem, code: key.json, display: ModelJSON.english.text(key.messageKey), unit: unit)
    }

    /// The input an Observation code stands for, when it is one the service reads (the BP panel,
    /// GCS and the coma finding are read by the CDS reader itself).
    public static func input(system: String, code: String) -> InputKey? {
        if system == loinc, gfapLoinc.contains(code) { return .gfap }
        return InputKey.allCases.first { key in
            guard let c = self.code(key) else { return false }
            return c.system == system && c.code == code
        }
    }

    /// A `Coding`.
    static func coding(_ system: String, _ code: String, _ display: String? = nil, version: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("system", .string(system))]
        if let version { members.append(("version", .string(version))) }
        members.append(("code", .string(code)))
        if let display { members.append(("display", .string(display))) }
        return .object(members)
    }

    /// A `CodeableConcept` of one coding and a text.
    static func concept(_ coding: JSONValue, text: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("coding", .array([coding]))]
        if let text { members.append(("text", .string(text))) }
        return .object(members)
    }

    /// A UCUM `Quantity` whose value is the JSON value as given (the same digits as `--json`).
    static func quantity(_ value: JSONValue, ucum: String) -> JSONValue {
        .object([("value", value), ("unit", .string(ucum)), ("system", .string(FHIRVocabulary.ucum)), ("code", .string(ucum))])
    }

    /// An extension with a value of type `type` (`valueCode`, `valueBoolean`, …).
    static func fhirExtension(_ url: String, _ type: String, _ value: JSONValue) -> JSONValue {
        .object([("url", .string(url)), ("value" + type, value)])
    }
}
