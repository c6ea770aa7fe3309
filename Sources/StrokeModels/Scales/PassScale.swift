/// PASS, the Prehospital Acute Stroke Severity scale.
///
/// Items, one point each: abnormal level-of-consciousness questions (month,
/// age), gaze palsy or deviation, arm weakness. Total 0–3; a total ≥ 2
/// suggests a large vessel occlusion.
///
/// Source: Hastrup S, Damgaard D, Johnsen SP, Andersen G. Prehospital Acute
/// Stroke Severity Scale to predict large artery occlusion: design and
/// comparison with other scales. Stroke. 2016;47(7):1772–1776.
public enum PassScale {
    /// The scale's items, threshold and source.
    public static let definition = ScaleDefinition(
        scale: .pass,
        terms: [.locQuestions, .gazeDeviation, .armWeakness].map { ScaleTerm(item: $0, weight: 1) },
        rule: .totalAtLeast(2),
        source: "Hastrup S, et al. Prehospital Acute Stroke Severity Scale to predict large artery occlusion: "
            + "design and comparison with other scales. Stroke. 2016;47(7):1772-1776.",
        reference: "docs/clinical-scales.md#pass")

    /// Scores PASS.
    /// - Throws: `ModelsError` naming every item that is not 0 or 1.
    public static func score(locQuestions: Int, gazeDeviation: Int, armWeakness: Int) throws(ModelsError) -> ScaleScore {
        try definition.score([.locQuestions: locQuestions, .gazeDeviation: gazeDeviation, .armWeakness: armWeakness])
    }
}
