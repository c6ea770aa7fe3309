/// The one "LVO suspected" rule (docs/clinical-reference.md §12): suspected
/// when any available criterion fires — the LVO model's probability at or
/// above its threshold (§2), FAST-ED at or above its cut-off (§3), or an
/// entered prehospital scale at its published cut-off (§10).
///
/// `suspected` is `nil` when no criterion could be evaluated (coma module;
/// limited module without a scale), `false` when at least one was evaluated
/// and none fired. Either source suffices: prehospital LVO triage favours
/// sensitivity, and clinical findings take precedence over an estimate.
public struct LVOVerdict: Sendable, Hashable, Codable {
    /// One criterion of the rule, named as in JSON's `lvoBasis`.
    public enum Basis: String, Sendable, Hashable, Codable, CaseIterable {
        /// The LVO model's probability ≥ `LVOModel.threshold`.
        case model
        /// FAST-ED total ≥ `FastEdExam.lvoSuspectedFrom`.
        case fastEd
        /// RACE, LAMS, CPSSS, PASS, VAN at their own cut-offs.
        case race, lams, cpsss, pass, van

        /// The name shown for an exam scale ("FAST-ED", "RACE", …; "estimate" for the model).
        public var displayName: String {
            switch self {
            case .model: return "estimate"
            case .fastEd: return "FAST-ED"
            default: return rawValue.uppercased()
            }
        }

        /// The basis of a prehospital scale.
        public init(_ scale: LVOScale) {
            switch scale {
            case .race: self = .race
            case .lams: self = .lams
            case .cpsss: self = .cpsss
            case .pass: self = .pass
            case .van: self = .van
            }
        }
    }

    /// Suspected (true), not suspected (false), or not evaluable (nil).
    public let suspected: Bool?
    /// The criteria that fired, in `Basis` order (empty unless suspected).
    public let basis: [Basis]
    /// The criteria that were evaluated, in `Basis` order.
    public let evaluated: [Basis]

    /// The verdict from whatever is known.
    /// - Parameters:
    ///   - lvoProbability: the LVO model's probability (cloud or local), if any.
    ///   - fastEd: the FAST-ED total, if known.
    ///   - scales: the scored prehospital scales, if any.
    public init(lvoProbability: Double?, fastEd: Int?, scales: [ScaleScore] = []) {
        var evaluated: [Basis] = []
        var fired: [Basis] = []
        if let p = lvoProbability {
            evaluated.append(.model)
            if p >= LVOModel.threshold { fired.append(.model) }
        }
        if let fastEd {
            evaluated.append(.fastEd)
            if fastEd >= FastEdExam.lvoSuspectedFrom { fired.append(.fastEd) }
        }
        for score in scales {
            evaluated.append(Basis(score.scale))
            if score.positive { fired.append(Basis(score.scale)) }
        }
        let order = Basis.allCases
        self.evaluated = order.filter(evaluated.contains)
        self.basis = order.filter(fired.contains)
        self.suspected = evaluated.isEmpty ? nil : !fired.isEmpty
    }

    /// The verdict of an assessment: its LVO probability, FAST-ED and configured scales.
    public init(_ assessment: Assessment) {
        let scored = (try? assessment.inputs.scaleReport())?.scored ?? []
        self.init(lvoProbability: assessment.lvo?.probability, fastEd: assessment.inputs.fastEd, scales: scored)
    }
}
