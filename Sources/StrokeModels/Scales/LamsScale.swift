/// LAMS, the Los Angeles Motor Scale.
///
/// Items: facial droop 0–1, arm drift 0–2, grip strength 0–2. Total 0–5;
/// a total ≥ 4 suggests a large vessel occlusion.
///
/// Sources: Llanes JN, Kidwell CS, Starkman S, et al. The Los Angeles Motor
/// Scale (LAMS): a new measure to characterize stroke severity in the field.
/// Prehosp Emerg Care. 2004;8(1):46–50. Validated for LVO by Nazliel B,
/// Starkman S, Liebeskind DS, et al. A brief prehospital stroke severity
/// scale identifies ischemic stroke patients harboring persisting large
/// arterial occlusions. Stroke. 2008;39(8):2264–2267.
public enum LamsScale {
    /// The scale's items, threshold and source.
    public static let definition = ScaleDefinition(
        scale: .lams,
        terms: [.facialDroop, .armDrift, .gripStrength].map { ScaleTerm(item: $0, weight: 1) },
        rule: .totalAtLeast(4),
        source: "Llanes JN, et al. The Los Angeles Motor Scale (LAMS): a new measure to characterize stroke severity in the field. "
            + "Prehosp Emerg Care. 2004;8(1):46-50; LVO threshold: Nazliel B, et al. Stroke. 2008;39(8):2264-2267.",
        reference: "docs/clinical-scales.md#lams")

    /// Scores LAMS.
    /// - Throws: `ModelsError` naming every item outside its points.
    public static func score(facialDroop: Int, armDrift: Int, gripStrength: Int) throws(ModelsError) -> ScaleScore {
        try definition.score([.facialDroop: facialDroop, .armDrift: armDrift, .gripStrength: gripStrength])
    }
}
