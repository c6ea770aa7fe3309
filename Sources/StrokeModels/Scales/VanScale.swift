/// VAN, the Vision, Aphasia, Neglect assessment.
///
/// Arm weakness plus any of visual disturbance, aphasia or neglect makes
/// the patient VAN positive; there is no total. Each item is 0 or 1.
///
/// Source: Teleb MS, Ver Hage A, Carter J, Jayaraman MV, McTaggart RA.
/// Stroke vision, aphasia, neglect (VAN) assessment — a novel emergent large
/// vessel occlusion screening tool: pilot study and comparison with current
/// clinical severity indices. J NeuroIntervent Surg. 2017;9(2):122–126.
/// doi:10.1136/neurintsurg-2015-012131
public enum VanScale {
    /// The scale's items, rule and source.
    public static let definition = ScaleDefinition(
        scale: .van,
        terms: [.armWeakness, .vision, .aphasia, .neglect].map { ScaleTerm(item: $0, weight: 1) },
        rule: .requiredPlusAny(required: .armWeakness, anyOf: [.vision, .aphasia, .neglect]),
        source: "Teleb MS, et al. Stroke vision, aphasia, neglect (VAN) assessment - a novel emergent large vessel occlusion "
            + "screening tool: pilot study and comparison with current clinical severity indices. "
            + "J NeuroIntervent Surg. 2017;9(2):122-126. doi:10.1136/neurintsurg-2015-012131",
        reference: "docs/clinical-scales.md#van")

    /// Scores VAN.
    /// - Throws: `ModelsError` naming every item that is not 0 or 1.
    public static func score(armWeakness: Int, vision: Int, aphasia: Int, neglect: Int) throws(ModelsError) -> ScaleScore {
        try definition.score([.armWeakness: armWeakness, .vision: vision, .aphasia: aphasia, .neglect: neglect])
    }

    /// Without arm weakness VAN is negative; the authors' tool names an
    /// exception (confused or comatose patients with dizziness, focal findings
    /// or unexplained altered mental status: consider a basilar artery
    /// occlusion). Every VAN-negative result without weakness says so.
    static func warnings(_ score: ScaleScore) -> [ModelWarning] {
        let weak = score.points.contains { $0.item == .armWeakness && $0.value > 0 }
        return weak ? [] : [ModelWarning(code: "scale.van.noWeakness")]
    }
}
