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
