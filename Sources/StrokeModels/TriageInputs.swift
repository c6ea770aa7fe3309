// What is entered for one assessment: the inputs, the triage branch that decides which are asked, and the GFAP assay.

/// Everything entered for one assessment. Fields a module does not use stay `nil`/`false`.
public struct TriageInputs: Sendable, Hashable, Codable {
    /// The triage branch.
    public var module: TriageModule
    /// Age in whole years (limited, full).
    public var age: Int?
    /// Systolic blood pressure, mmHg (limited, full): `sbp` in every form (the catalogue's key and field;
    /// `systolic_bp` only on the Cloud Functions contract's wire).
    public var sbp: Int?
    /// Diastolic blood pressure, mmHg (limited, full).
    public var dbp: Int?
    /// GFAP, pg/mL, when a number inside the assay's range was measured; `nil` while the result is
    /// pending or below the assay's range (`gfapStatus`). Every module decides without it.
    public var gfap: Double?
    /// The GFAP result was below the assay's range (`--gfap '<29'`, `below`, or a value under 29):
    /// recorded, never a number a model reads (docs/clinical-reference.md §6).
    public var gfapBelowRange: Bool? = nil
    /// Whether GFAP was measured, is pending, or was below the assay's range (JSON `inputs.gfapStatus`).
    public var gfapStatus: GfapStatus {
        if gfap != nil { return .measured }
        return gfapBelowRange == true ? .belowRange : .pending
    }
    /// The assay GFAP was measured with, when stated (recorded; never converts the value).
    public var gfapAssay: GfapAssay?
    /// FAST-ED total 0…9 (full).
    public var fastEd: Int?
    /// The FAST-ED items, when the guided calculator was used (full).
    public var fastEdExam: FastEdExam?
    /// Headache (full).
    public var headache = false
    /// Leg paresis (full).
    public var legParesis = false
    /// Arm paresis (full; derived from the FAST-ED items when given).
    public var armParesis = false
    /// Eye deviation (full; derived from the FAST-ED items when given).
    public var eyeDeviation = false
    /// Reduced vigilance (limited, full).
    public var reducedVigilance = false
    /// Atrial fibrillation (full).
    public var atrialFibrillation = false
    /// Anticoagulation with a NOAC/DOAC (full).
    public var anticoagulated = false
    /// Antiplatelet medication (full).
    public var antiplatelets = false
    /// The prehospital LVO scales the protocol uses besides FAST-ED (full; config `scales`).
    public var scales: [LVOScale] = []
    /// The items of those scales, each once (full).
    public var scaleFindings: [ScaleItem: Int] = [:]
    /// The configured scales scored from `scaleFindings`; `nil` when none are configured.
    /// - Throws: `ModelsError` naming an item outside its points.
    public func scaleReport() throws(ModelsError) -> ScaleReport? {
        scales.isEmpty ? nil : try ScaleReport(findings: scaleFindings, scales: scales)
    }

    /// The catalogue's number inputs with no property of their own here (blood glucose), by key
    /// (`TriageInputs+Keys`, whose switches name every key: no `default:` hides a missing one).
    public var otherValues: [InputKey: Double] = [:]

    /// Minutes since symptom onset or last known well, if known.
    public var onsetMinutes: Double?
    /// The NIHSS (1–42), if given: only the outcome estimate beside the routing uses it
    /// (docs/clinical-reference.md §14); no triage model reads it.
    public var nihss: Double?
    /// Where the patient is, if given.
    public var location: Coordinate?
    /// The place `location` was given as ("Würzburg (Bayern)"), when it was given by name.
    public var place: String?

    /// Creates inputs for a module with its GFAP (`nil`: pending); set the other fields as needed.
    public init(module: TriageModule, gfap: Double?) {
        self.module = module
        self.gfap = gfap
    }

    /// Checks every input the module uses against `TriageRules`.
    /// - Returns: the warnings, in field order.
    /// - Throws: `ModelsError` with every blocking issue.
    public func validate() throws(ModelsError) -> [ModelWarning] {
        var issues: [ValidationIssue] = []
        var warnings: [ModelWarning] = []
        func check(_ field: InputField, _ value: Double?) {
            guard let value else {
                issues.append(ValidationIssue(field: field, allowed: TriageRules.allowed(field), given: .nan))
                return
            }
            let result = TriageRules.check(field, value)
            if let issue = result.issue { issues.append(issue) }
            warnings += result.warnings
        }
        for key in InputKey.assessmentKeys(for: module) {
            guard let field = key.field, key.scaleItem == nil else { continue }
            // An input the module may go without (GFAP pending or below the assay's range, glucose not
            // measured, onset or location unknown) is no issue when not given.
            if !key.isRequired(in: module) && self[key] == nil { continue }
            check(field, self[key])
        }
        // After the inputs' own warnings (onset and location have none).
        if let warning = gfapAssay?.warning { warnings.append(warning) }
        if let nihss { check(.nihss, nihss) }
        if issues.isEmpty, let sbp, let dbp,
           let issue = TriageRules.checkPressures(systolic: Double(sbp), diastolic: Double(dbp)) {
            issues.append(issue)
        }
        if let exam = fastEdExam, let fastEd, exam.total != fastEd {
            issues.append(ValidationIssue(field: .fastEd, allowed: AllowedRange(lower: Double(exam.total), upper: Double(exam.total), integer: true), given: Double(fastEd)))
        }
        do { _ = try scaleReport() } catch { issues += error.issues }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        return warnings
    }
}

/// A point on Earth in decimal degrees (WGS 84).
public struct Coordinate: Sendable, Hashable, Codable {
    /// Latitude, −90…90.
    public let latitude: Double
    /// Longitude, −180…180.
    public let longitude: Double

    /// Creates a coordinate.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The three triage branches (docs/clinical-reference.md §5).
///
/// Comatose (GCS ≤ 8, `DecisionRules.comaGcsAtMost`) → coma; otherwise examinable → full, else limited.
public enum TriageModule: String, Sendable, Hashable, Codable, CaseIterable {
    /// GFAP only.
    case coma
    /// Age, blood pressure, GFAP, reduced vigilance.
    case limited
    /// The limited inputs plus FAST-ED and the neurological findings.
    case full

    /// The numeric inputs the module asks for, as validation fields, in order
    /// (the fields of `InputKey.keys(for:)`).
    public var fields: [InputField] { InputKey.keys(for: self).compactMap(\.field) }

    /// Every input the module asks for, as keys of the assessment's JSON `inputs`
    /// object, in the order the form asks them (`InputKey.keys(for:)`, the one list
    /// of a module's inputs, by `InputKey.json`).
    public var inputKeys: [String] { InputKey.keys(for: self).map(\.json) }
}

/// Whether a GFAP result is there (JSON `inputs.gfapStatus`).
public enum GfapStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// A number inside the assay's range: the models read it.
    case measured
    /// Not (yet) known: the point-of-care result is awaited; the exam and onset decide.
    case pending
    /// Below the assay's range (29 pg/mL): points away from a bleed, but no model is fitted there.
    case belowRange

    /// The lowest GFAP the models accept (the assay's floor, pg/mL): a value below it is `belowRange`.
    public static var assayFloor: Double { TriageRules.allowed(.gfap).lower! }
}

/// The laboratory assay a GFAP value was measured with.
///
/// GFAP concentrations are not interchangeable across assays and platforms:
/// the same blood sample gives different numbers on different analyzers, and
/// no validated conversion between them is published for these models. The
/// reference (docs/clinical-reference.md) does not name the assay its models were derived on,
/// so every stated assay draws a hedged warning; no value is ever converted.
/// `docs/clinical-scales.md` lists what is known about each assay.
public enum GfapAssay: String, Sendable, Hashable, Codable, CaseIterable {
    /// Abbott i-STAT TBI cartridge (point of care; whole blood or plasma).
    case istatTbi = "istat-tbi"
    /// Abbott Alinity i TBI (laboratory; serum or plasma).
    case alinityTbi = "alinity-tbi"
    /// Roche Elecsys GFAP (laboratory).
    case elecsysGfap = "elecsys-gfap"
    /// bioMérieux VIDAS TBI (GFAP, UCH-L1).
    case vidasTbi = "vidas-tbi"
    /// Quanterix Simoa GFAP (research-use immunoassay).
    case simoaGfap = "simoa-gfap"
    /// Any other assay, or one not on this list.
    case other

    /// The assay the ICH, LVO and volume models were derived on, when the
    /// reference documents it. It does not (docs/clinical-reference.md names no assay): `nil`.
    public static let derivation: GfapAssay? = nil

    /// The names accepted by `--gfap-assay` and the `gfapAssay` setting, comma-separated.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The hedged warning for values measured with this assay: the derivation
    /// assay is unknown, or this is not it. `nil` only for the derivation assay.
    public var warning: ModelWarning? {
        guard let derivation = Self.derivation else {
            return ModelWarning(code: "gfap.assay.derivationUnknown", arguments: [.text(rawValue)])
        }
        return self == derivation ? nil : ModelWarning(code: "gfap.assay.notDerivation", arguments: [.text(rawValue), .text(derivation.rawValue)])
    }
}
