/// RACE, the Rapid Arterial oCclusion Evaluation scale.
///
/// Items: facial palsy 0–2, arm motor 0–2, leg motor 0–2, head and gaze
/// deviation 0–1, aphasia (right-sided weakness) or agnosia (left-sided
/// weakness) 0–2. Total 0–9; a total ≥ 5 suggests a large vessel occlusion.
///
/// Source: Pérez de la Ossa N, Carrera D, Gorchs M, et al. Design and
/// validation of a prehospital stroke scale to predict large arterial
/// occlusion: the Rapid Arterial oCclusion Evaluation scale. Stroke.
/// 2014;45(1):87–91. doi:10.1161/STROKEAHA.113.003071
public enum RaceScale {
    /// The scale's items, threshold and source.
    public static let definition = ScaleDefinition(
        scale: .race,
        terms: [.facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia].map { ScaleTerm(item: $0, weight: 1) },
        rule: .totalAtLeast(5),
        source: "Pérez de la Ossa N, et al. Design and validation of a prehospital stroke scale to predict large arterial occlusion: "
            + "the Rapid Arterial oCclusion Evaluation scale. Stroke. 2014;45(1):87-91. doi:10.1161/STROKEAHA.113.003071",
        reference: "docs/clinical-scales.md#race")

    /// Scores RACE.
    /// - Throws: `ModelsError` naming every item outside its points.
    public static func score(facialPalsy: Int, armMotor: Int, legMotor: Int, gazeDeviation: Int,
                             aphasiaAgnosia: Int) throws(ModelsError) -> ScaleScore {
        try definition.score([.facialPalsy: facialPalsy, .armMotor: armMotor, .legMotor: legMotor,
                              .gazeDeviation: gazeDeviation, .aphasiaAgnosia: aphasiaAgnosia])
    }
}
