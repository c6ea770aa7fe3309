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
