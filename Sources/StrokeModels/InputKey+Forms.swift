// The input catalogue's remaining columns: the Cloud Functions contract's field name, which inputs
// a module requires, and inputs built from values by key (the one way every form makes `TriageInputs`).

extension InputKey {
    /// The input's field in the Cloud Functions contract (docs/cloud-contract.md: the reference's
    /// names, German where the reference is), `nil` for inputs the contract does not carry.
    public var contractName: String? {
        switch self {
        case .age: "age_years"
        case .sbp: "systolic_bp"
        case .dbp: "diastolic_bp"
        case .gfap: "gfap_value"
        case .fastEd: "fast_ed_score"
        case .headache: "headache"
        case .legParesis: "beinparese"
        case .armParesis: "armparese"
        case .eyeDeviation: "eye_deviation"
        case .reducedVigilance: "vigilanzminderung"
        case .atrialFibrillation: "atrial_fibrillation"
        case .anticoagulated: "anticoagulated_noak"
        case .antiplatelets: "antiplatelets"
        // Not carried by the contract: glucose (the decision reads it), onset and location, the other scales' items.
        case .glucose, .onsetMinutes, .lat, .lon, .facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia, .facialDroop, .armDrift, .gripStrength,
             .locQuestionsAndCommands, .locQuestions, .armWeakness, .vision, .aphasia, .neglect: nil
        }
    }

    /// The inputs of `module` the Cloud Functions contract carries (`contractName`), in form order: what
    /// the module's models can read (blood glucose is read by the decision only).
    public static func contractKeys(for module: TriageModule) -> [InputKey] {
        keys(for: module).filter { $0.contractName != nil }
    }

    /// The input's LOINC code and LOINC's own display name, `nil` for inputs LOINC has no code for
    /// (FHIR codes those in our own system by `json`; docs/fhir.md).
    public var loinc: (code: String, display: String)? {
        switch self {
        case .age: ("30525-0", "Age")
        case .sbp: ("8480-6", "Systolic blood pressure")
        case .dbp: ("8462-4", "Diastolic blood pressure")
        case .glucose: ("2339-0", "Glucose [Mass/volume] in Blood")
        case .gfap, .fastEd, .onsetMinutes, .lat, .lon, .headache, .legParesis, .armParesis, .eyeDeviation, .reducedVigilance,
             .atrialFibrillation, .anticoagulated, .antiplatelets, .facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia, .facialDroop, .armDrift, .gripStrength,
             .locQuestionsAndCommands, .locQuestions, .armWeakness, .vision, .aphasia, .neglect: nil
        }
    }

    /// The UCUM unit of a measured quantity, `nil` for a score or a yes/no finding.
    public var ucum: String? {
        switch self {
        case .age: "a"
        case .sbp, .dbp: "mm[Hg]"
        case .glucose: "mg/dL"
        case .gfap: "pg/mL"
        case .onsetMinutes: "min"
        case .fastEd, .lat, .lon, .headache, .legParesis, .armParesis, .eyeDeviation, .reducedVigilance,
             .atrialFibrillation, .anticoagulated, .antiplatelets, .facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia, .facialDroop, .armDrift, .gripStrength,
             .locQuestionsAndCommands, .locQuestions, .armWeakness, .vision, .aphasia, .neglect: nil
        }
    }

    /// The FHIR Observation category (observation-category code system) of the input, `nil` for age and onset.
    public var observationCategory: String? {
        switch self {
        case .glucose, .gfap: return "laboratory"
        case .sbp, .dbp: return "vital-signs"
        case .age, .onsetMinutes, .lat, .lon: return nil
        case .headache, .legParesis, .armParesis, .eyeDeviation, .reducedVigilance, .atrialFibrillation, .anticoagulated,
             .antiplatelets: return "exam"
        case .fastEd, .facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia, .facialDroop, .armDrift, .gripStrength,
             .locQuestionsAndCommands, .locQuestions, .armWeakness, .vision, .aphasia, .neglect: return "survey"
        }
    }

    /// Whether every module decides without the input, so a form may leave it out: GFAP (pending)
    /// and blood glucose (not measured). The walkthrough asks these last and takes Enter for them.
    public var isOptional: Bool { self == .gfap || self == .glucose }

    /// The inputs every assessment may carry besides its module's: onset and location.
    public static let context: [InputKey] = [.onsetMinutes, .lat, .lon]

    /// Every input an assessment of `module` reads, in the order forms check them: the module's own
    /// (`keys(for:)`), then the context (onset, location). The one list the CLI's flags, `/v1/assess`
    /// and `TriageInputs(module:values:)` walk.
    public static func assessmentKeys(for module: TriageModule) -> [InputKey] { keys(for: module) + context }

    /// The members of JSON `inputs` that are not inputs of their own but qualify one, each named once here:
    /// the GFAP assay (`gfapAssay`), GFAP's status (`gfapStatus`, issue 43) and the NIHSS given for the
    /// outcome estimate (`nihss`).
    public static let gfapAssayMember = "gfapAssay", gfapStatusMember = "gfapStatus", nihssMember = "nihss"

    /// Whether `module` cannot run without the input: every number among the module's inputs
    /// (a yes/no finding that is not given is "no") but the optional ones (`isOptional`).
    public func isRequired(in module: TriageModule) -> Bool {
        !isBoolean && !isOptional && InputKey.keys(for: module).contains(self)
    }

    /// The words a form accepts for a value below the input's range (GFAP: `<29`, `below`), or none.
    public var belowRangeWords: [String] {
        self == .gfap ? ["<\(Int(GfapStatus.assayFloor))", "below"] : []
    }

    /// The localization key of the input's one-line description in help: the label (`messageKey`),
    /// or for a scale item the walkthrough's question, which names its points.
    public var helpKey: String {
        if let item = scaleItem { return "walk.question.scale.\(item.rawValue)" }
        return messageKey
    }

    /// The key of a scale item.
    public init?(item: ScaleItem) {
        guard let key = InputKey.scaleKeys.first(where: { $0.scaleItem == item }) else { return nil }
        self = key
    }

    /// The value-placeholder of the input's flag in usage lines: `--fast-ed <fast-ed>`.
    public var valueName: String { String(flag.dropFirst(2)) }
}

extension TriageInputs {
    /// The inputs of `module` from values by catalogue key, each checked against its range in
    /// the order the form asks them (`InputKey.assessmentKeys(for:)`: the module's, then onset and
    /// location); a whole-number input with a fraction is out of its range. A missing number the
    /// module requires is an issue with no value given, and so is a latitude without its longitude
    /// (or the reverse). Findings are set when their value is not 0; keys outside the module are ignored.
    /// - Throws: `ModelsError` with the first invalid input.
    public init(module: TriageModule, values: [InputKey: Double]) throws(ModelsError) {
        self.init(module: module, gfap: nil)
        for key in InputKey.assessmentKeys(for: module) {
            // GFAP below the assay's range (0 ≤ value < 29, or `<29`) is recorded as such, never a number.
            if key == .gfap, let value = values[key], value >= 0, value < GfapStatus.assayFloor {
                gfapBelowRange = true
                continue
            }
            guard let value = values[key] else {
                if let field = key.field, key.isRequired(in: module) {
                    throw ModelsError(ValidationIssue(field: field, allowed: TriageRules.allowed(field), given: .nan))
                }
                continue
            }
            if let field = key.field, let issue = TriageRules.check(field, value).issue { throw ModelsError(issue) }
            set(key, value)
        }
        // A location is both coordinates: the one not given is named, with its range.
        for (key, partner) in [(InputKey.lat, InputKey.lon), (.lon, .lat)] where values[key] != nil && values[partner] == nil {
            if let field = partner.field { throw ModelsError(ValidationIssue(field: field, allowed: TriageRules.allowed(field), given: .nan)) }
        }
    }
}
