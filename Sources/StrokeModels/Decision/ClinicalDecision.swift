// The decision for one assessment: its urgency, recommendations and the one LVO-suspected rule.

/// The decision a crew and a hospital see for one assessment: how urgent, whether
/// an LVO is suspected and why, and the hedged recommendations
/// (docs/clinical-reference.md §12), under one local protocol (`TriageProtocol`).
/// Every front-end renders this object; none decides on its own.
public struct ClinicalDecision: Sendable, Hashable, Codable {
    /// How urgently to act.
    public let urgency: TriageUrgency
    /// The LVO verdict and its basis.
    public let lvo: LVOVerdict
    /// The hedged recommendations, in order: ICH, LVO, the onset reminder, the flags, coma.
    public let recommendations: [Recommendation]
    /// Whether the ICH probability decided (a calibrated model: cloud, station or a person's
    /// `route --ich`); the offline baseline never does (JSON `decision.ichUsed`).
    public let ichUsed: Bool
    /// The protocol the decision applied (JSON `decision.protocol`).
    public let protocolReference: ProtocolReference
    /// The protocol itself: a local one travels with the case in its canonical form (issue 45).
    public let rules: TriageProtocol
    /// The protocol's ICH edges (`ich.immediateFrom`, `ich.uncertainFrom`) the summary words a decision-grade ICH by.
    public let ichImmediateFrom: Double, ichUncertainFrom: Double

    /// The decision for an assessment's probabilities, exam and onset under `rules`.
    public init(_ assessment: Assessment, rules: TriageProtocol = .standard) {
        let verdict = LVOVerdict(assessment, rules: rules)
        let ich = Self.decisionGradeICH(assessment.ich)
        self.lvo = verdict
        self.ichUsed = ich != nil
        self.protocolReference = rules.reference
        self.rules = rules
        self.ichImmediateFrom = rules[.ichImmediateFrom]
        self.ichUncertainFrom = rules[.ichUncertainFrom]
        self.urgency = TriageUrgency(ichProbability: ich, lvoSuspected: verdict.suspected, comatose: assessment.module == .coma,
                                     onsetMinutes: assessment.inputs.onsetMinutes, rules: rules)
        self.recommendations = Self.recommendations(assessment, verdict: verdict, rules: rules)
    }

    /// The ICH probability when it may decide: a calibrated model's (cloud, station), never the
    /// offline baseline's, which is labelled poorly calibrated (docs/clinical-reference.md §7, §12).
    public static func decisionGradeICH(_ prediction: Prediction) -> Double? {
        prediction.source == .baseline ? nil : prediction.probability
    }

    /// The recommendations for an assessment (docs/clinical-reference.md §12):
    /// 0. a measured glucose below `glucose.lowFrom`: `rec.glucose.low` first (treat hypoglycaemia
    ///    first; a stroke mimic is possible; the urgency stays);
    /// 1. ICH: `rec.ich.<level>` for a decision-grade estimate; for the offline baseline
    ///    only `rec.ich.notDecisionGrade` (it changes nothing else);
    /// 2. LVO: with a decision-grade ICH ≥ `ich.immediateFrom` and a suspected LVO,
    ///    `rec.lvo.mayBeBleed`; else when FAST-ED and the estimate disagree, the one
    ///    statement naming both; else, when the exam alone suggests LVO,
    ///    `rec.lvo.suspectedByScale`; else `rec.lvo.<level>`;
    /// 3. `rec.ich.reconfirmWindow` for a decision-grade ICH ≥ `ich.reminderFrom`;
    /// 4. the flags a hospital needs: `rec.anticoagulation`, `rec.bp.aboveLysisLimit`, `rec.glucose.high`;
    /// 5. coma: `rec.coma.basilar`, `rec.glucose` (check it) when no glucose was entered; limited and full with reduced vigilance:
    ///    `rec.posterior.possible` (a basilar or posterior-circulation stroke the scales miss).
    public static func recommendations(_ a: Assessment, verdict: LVOVerdict, rules: TriageProtocol = .standard) -> [Recommendation] {
        var out: [Recommendation] = []
        let glucose = a.inputs[.glucose]
        if let glucose, rules.glucoseLow(glucose) {
            out.append(Recommendation(code: "rec.glucose.low", message: Message("rec.glucose.low", [.number(glucose, maxFractionDigits: 6)])))
        }
        let ich = decisionGradeICH(a.ich)
        if let ich {
            out.append(Recommendation(code: "rec.ich.\(RiskLevel(probability: ich).rawValue)"))
        } else if a.ich.probability != nil {
            out.append(Recommendation(code: "rec.ich.notDecisionGrade"))
        }
        if let ich, ich >= rules[.ichImmediateFrom], verdict.suspected == true {
            out.append(Recommendation(code: "rec.lvo.mayBeBleed"))
        } else if let agreement = LVOAgreement(a, rules: rules), !agreement.agrees {
            out.append(Recommendation(code: "rec.lvo.\(agreement.status.rawValue)", message: agreement.message))
        } else if verdict.suspected == true, !verdict.basis.contains(.model) {
            let names = verdict.basis.map(\.displayName).joined(separator: ", ")
            out.append(Recommendation(code: "rec.lvo.suspectedByScale", message: Message("rec.lvo.suspectedByScale", [.text(names)])))
        } else if let level = a.lvo?.riskLevel {
            out.append(Recommendation(code: "rec.lvo.\(level.rawValue)"))
        }
        if let ich, ich >= rules[.ichReminderFrom] {
            out.append(Recommendation(code: "rec.ich.reconfirmWindow",
                                      message: Message("rec.ich.reconfirmWindow", [DecisionRules.percentArgument(rules[.ichReminderFrom])])))
        }
        if a.inputs.anticoagulated { out.append(Recommendation(code: "rec.anticoagulation")) }
        if rules.aboveLysisLimit(systolic: a.inputs.sbp, diastolic: a.inputs.dbp) {
            out.append(Recommendation(code: "rec.bp.aboveLysisLimit", message: Message("rec.bp.aboveLysisLimit", [
                .number(rules[.bpLysisSystolicFrom], maxFractionDigits: 0), .number(rules[.bpLysisDiastolicFrom], maxFractionDigits: 0)])))
        }
        if let glucose, rules.glucoseHigh(glucose) {
            out.append(Recommendation(code: "rec.glucose.high", message: Message("rec.glucose.high", [
                .number(glucose, maxFractionDigits: 6), .number(rules[.glucoseHighFrom], maxFractionDigits: 0)])))
        }
        if a.module == .coma {
            out.append(Recommendation(code: "rec.coma.basilar"))
            if glucose == nil { out.append(Recommendation(code: "rec.glucose")) }
        } else if a.inputs.reducedVigilance {
            out.append(Recommendation(code: "rec.posterior.possible"))
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
    ///   - rules: the protocol's LVO criteria (`lvo.modelThreshold`, `lvo.fastEdFrom`).
    public init(lvoProbability: Double?, fastEd: Int?, scales: [ScaleScore] = [], rules: TriageProtocol = .standard) {
        var evaluated: [Basis] = []
        var fired: [Basis] = []
        if let p = lvoProbability {
            evaluated.append(.model)
            if p >= rules[.lvoModelThreshold] { fired.append(.model) }
        }
        if let fastEd {
            evaluated.append(.fastEd)
            if Double(fastEd) >= rules[.lvoFastEdFrom] { fired.append(.fastEd) }
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
    public init(_ assessment: Assessment, rules: TriageProtocol = .standard) {
        let scored = assessment.scaleReport?.scored ?? []
        self.init(lvoProbability: assessment.lvo?.probability, fastEd: assessment.inputs.fastEd, scales: scored, rules: rules)
    }
}
