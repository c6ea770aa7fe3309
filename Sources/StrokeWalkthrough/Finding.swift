/// The yes/no findings of the limited and full modules.
public enum Finding: String, Hashable, Sendable, CaseIterable {
    /// Headache with the current symptoms (full).
    case headache
    /// Weakness of a leg (full).
    case legParesis
    /// Weakness of an arm (full; from the FAST-ED items when the calculator was used).
    case armParesis
    /// Gaze deviated to one side (full; from the FAST-ED items when the calculator was used).
    case eyeDeviation
    /// Drowsy or less alert, not comatose (limited, full).
    case reducedVigilance
    /// Known atrial fibrillation (full).
    case atrialFibrillation
    /// Taking a NOAC/DOAC (full).
    case anticoagulated
    /// Taking antiplatelet medication (full).
    case antiplatelets
}
