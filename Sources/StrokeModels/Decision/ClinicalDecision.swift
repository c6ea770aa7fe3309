// The decision for one assessment: its urgency, recommendations and the one LVO-suspected rule.

/// The decision a crew and a hospital see for one assessment: how urgent, whether
/// an LVO is suspected and why, and the hedged recommendations
/// (docs/clinical-reference.md §12). Every front-end renders this object; none
/// decides on its own.
public struct ClinicalDecision: Sendable, Hashable, Codable {
    /// How urgently to act.
    public let urgency: TriageUrgency
    /// The LVO verdict and its basis.
    public let lvo: LVOVerdict
    /// The hedged recommendations, in order: ICH, LVO, the onset reminder.
    public let recommendations: [Recommendation]

    /// The decision for an assessment's probabilities, exam and onset.
    public init(_ assessment: Assessment) {
        let verdict = LVOVerdict(assessment)
        let ich = assessment.ich.probability
        self.lvo = verdict
        self.urgency = TriageUrgency(ichProbability: ich, lvoSuspected: verdict.suspected, onsetMinutes: assessment.inputs.onsetMinutes)
        self.recommendations = Self.recommendations(assessment, verdict: verdict)
    }

    /// The recommendations for an assessment:
    /// 1. `rec.ich.<level>` for the ICH risk level (§4);
    /// 2. when FAST-ED and the LVO estimate disagree, the one statement naming
    ///    both (`rec.lvo.onlyScaleSuggestsLvo` / `rec.lvo.onlyModelSuggestsLvo`);
    ///    else, when the exam alone (a scale other than FAST-ED, or FAST-ED without
    ///    an estimate) suggests LVO, `rec.lvo.suspectedByScale`, so the advice never
    ///    reads "less likely" beside a suspected verdict; else `rec.lvo.<level>`;
    /// 3. `rec.ich.reconfirmWindow` when the ICH probability is ≥ `DecisionRules.ichReminderFrom`.
    public static func recommendations(_ a: Assessment, verdict: LVOVerdict) -> [Recommendation] {
        var out: [Recommendation] = []
        if let level = a.ich.riskLevel {
            out.append(Recommendation(code: "rec.ich.\(level.rawValue)"))
        }
        if let agreement = LVOAgreement(a), !agreement.agrees {
            out.append(Recommendation(code: "rec.lvo.\(agreement.status.rawValue)", message: agreement.message))
        } else if verdict.suspected == true, !verdict.basis.contains(.model) {
            let names = verdict.basis.map(\.displayName).joined(separator: ", ")
            out.append(Recommendation(code: "rec.lvo.suspectedByScale", message: Message("rec.lvo.suspectedByScale", [.text(names)])))
        } else if let level = a.lvo?.riskLevel {
            out.append(Recommendation(code: "rec.lvo.\(level.rawValue)"))
        }
        if let p = a.ich.probability, p >= DecisionRules.ichReminderFrom {
            out.append(Recommendation(code: "rec.ich.reconfirmWindow",
                                      message: Message("rec.ich.reconfirmWindow", [DecisionRules.percentArgument(DecisionRules.ichReminderFrom)])))
        }
        return out
    }
}

/// One hedged recommendation: a stable code and its localizable text.
public struct Recommendation: Sendable, Hashable, Codable {
    /// The stable code, e.g. `rec.ich.high` (documented in docs/clinical-reference.md §12).
    public let code: String
    /// The text, rendered in the user's language.
    public let message: Message

    /// A recommendation whose text key is its code, unless a message is given.
    public init(code: String, message: Message? = nil) {
        self.code = code
        self.message = message ?? Message(code)
    }
}

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
