/// CPSSS, the Cincinnati Prehospital Stroke Severity Scale.
///
/// Items: conjugate gaze deviation (2 points); failing at least one
/// level-of-consciousness question and at least one command (1 point); arm
/// weakness, i.e. cannot hold the arm up for 10 s (1 point). Each is entered
/// as 0 or 1; the total is 2 × gaze + the others, 0–4. A total ≥ 2 suggests
/// a large vessel occlusion.
///
/// Source: Katz BS, McMullan JT, Sucharew H, Adeoye O, Broderick JP. Design
/// and validation of a prehospital scale to predict stroke severity:
/// Cincinnati Prehospital Stroke Severity Scale. Stroke. 2015;46(6):1508–1512.
/// doi:10.1161/STROKEAHA.115.008804
public enum CpsssScale {
    /// The scale's items, threshold and source.
    public static let definition = ScaleDefinition(
        scale: .cpsss,
        terms: [ScaleTerm(item: .gazeDeviation, weight: 2), ScaleTerm(item: .locQuestionsAndCommands, weight: 1),
                ScaleTerm(item: .armWeakness, weight: 1)],
        rule: .totalAtLeast(2),
        source: "Katz BS, et al. Design and validation of a prehospital scale to predict stroke severity: "
            + "Cincinnati Prehospital Stroke Severity Scale. Stroke. 2015;46(6):1508-1512. doi:10.1161/STROKEAHA.115.008804",
        reference: "docs/clinical-scales.md#cpsss")

    /// Scores CPSSS.
    /// - Throws: `ModelsError` naming every item that is not 0 or 1.
    public static func score(gazeDeviation: Int, locQuestionsAndCommands: Int, armWeakness: Int) throws(ModelsError) -> ScaleScore {
        try definition.score([.gazeDeviation: gazeDeviation, .locQuestionsAndCommands: locQuestionsAndCommands,
                              .armWeakness: armWeakness])
    }
}
