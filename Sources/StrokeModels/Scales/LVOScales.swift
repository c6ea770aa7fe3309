// The prehospital LVO scales besides FAST-ED (RACE, LAMS, CPSSS, PASS, VAN): each one's items, rule and primary source.

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
    /// A total at or above this suggests an LVO (the published cut-off; the outcome model's no-window rule uses it too).
    public static let lvoThreshold = 5

    /// The scale's items, threshold and source.
    public static let definition = ScaleDefinition(
        scale: .race,
        terms: [.facialPalsy, .armMotor, .legMotor, .gazeDeviation, .aphasiaAgnosia].map { ScaleTerm(item: $0, weight: 1) },
        rule: .totalAtLeast(lvoThreshold),
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
