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

    /// The inputs the module asks for, in order (booleans after numbers as the form asks them).
    public var fields: [InputField] {
        switch self {
        case .coma: return [.gfap]
        case .limited: return [.age, .systolic, .diastolic, .gfap]
        case .full: return [.age, .systolic, .diastolic, .gfap, .fastEd]
        }
    }

    /// Every input the module asks for, as keys of the assessment's JSON `inputs`
    /// object, in the order the form asks them. The one list of a module's inputs:
    /// the CLI's input keys, the batch columns and `Prediction.inputsUsed` derive from it.
    public var inputKeys: [String] {
        switch self {
        case .coma: return ["gfap"]
        case .limited: return ["age", "sbp", "dbp", "gfap", "reducedVigilance"]
        case .full: return ["age", "sbp", "dbp", "gfap", "fastEd", "headache", "legParesis", "armParesis", "eyeDeviation",
                            "reducedVigilance", "atrialFibrillation", "anticoagulated", "antiplatelets"]
        }
    }
}
