/// How predict_coma_ich's stepped placeholder is recognised: by what it is,
/// never by its label (the reference sets `drivers.kind = "simple_gfap_based"`
/// also when its trained model answered).
///
/// The placeholder answers a probability from GFAP steps (0.1 / 0.25 / 0.4 /
/// 0.6 / 0.8 at the cut points 50 / 100 / 200 / 500 pg/mL) plus random
/// noise (docs/clinical-reference.md §9). A trained model is deterministic. So the same
/// request is sent twice, and the answer is not a model when
/// - the two probabilities differ (non-deterministic; called the stepped
///   placeholder when both lie within `noiseBand` of a step for this GFAP), or
/// - they agree and equal a step value for this GFAP (the placeholder without noise).
public enum PlaceholderRule {
    /// The placeholder's steps: below `upTo` pg/mL GFAP it answers `probability`.
    public static let steps: [(upTo: Double, probability: Double)] = [
        (50, 0.1), (100, 0.25), (200, 0.4), (500, 0.6), (.infinity, 0.8),
    ]
    /// How far around a step a noisy placeholder answer falls (observed: 0.32–0.46 around 0.4).
    public static let noiseBand = 0.1
    /// How close to a step an answer counts as exactly on it (the function rounds to 4 decimals).
    public static let stepMatch = 0.00005

    /// Why an answer is not a model's.
    public enum Verdict: Sendable, Hashable {
        /// Stepped values (with or without noise).
        case steppedPlaceholder
        /// Two identical requests, two different probabilities.
        case nonDeterministic
    }

    /// The step values the placeholder could answer for this GFAP (both neighbours at a cut point).
    public static func stepValues(gfap: Double) -> [Double] {
        var values: [Double] = []
        for (i, step) in steps.enumerated() {
            let lower = i == 0 ? -Double.infinity : steps[i - 1].upTo
            if gfap >= lower && gfap <= step.upTo { values.append(step.probability) }
        }
        return values
    }

    /// The verdict on two answers to the same request, or nil when they look like a model's.
    public static func verdict(first: Double, second: Double, gfap: Double) -> Verdict? {
        let steps = stepValues(gfap: gfap)
        func near(_ p: Double, within band: Double) -> Bool { steps.contains { abs($0 - p) <= band } }
        if first != second {
            return near(first, within: noiseBand) && near(second, within: noiseBand) ? .steppedPlaceholder : .nonDeterministic
        }
        return near(first, within: stepMatch) ? .steppedPlaceholder : nil
    }
}
