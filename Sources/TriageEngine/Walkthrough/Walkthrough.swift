// The walkthrough state machine, the answers it stores and the events it reports.

import StrokeCenters
import StrokeModels

/// The whole walkthrough conversation as a value-type state machine, free of
/// terminal I/O: ask `prompt`, feed each typed line to `handle(_:)`, act on
/// the returned `WalkEvent`. Ends with `.compute(inputs, …)` or `.declined`.
///
/// Branches: comatose (GCS ≤ 8, `DecisionRules`) → coma; else examinable → full, otherwise
/// limited. Every value is checked with `TriageRules` as it is typed (a
/// blocking issue re-asks with the reason; warnings keep the value), and the
/// whole set with `TriageInputs.validate()` on confirmation. The location is
/// a German place (resolved as `centers --near` resolves it; an ambiguous name
/// offers its candidates by number) or `lat,lon`.
public struct Walkthrough: Sendable {
    /// The question being asked.
    public private(set) var step: WalkStep = .comatose
    /// The answers so far, by step (stale answers of steps no longer on the path are ignored).
    var answers: [WalkStep: WalkAnswer] = [:]
    /// The steps answered, in order, for `b`.
    var history: [WalkStep] = []
    /// The gazetteer for place names at the location question (`nil`: coordinates only).
    let places: Gazetteer?
    /// The candidates of the ambiguous place name just typed, chosen by number (1…n).
    var placeChoices: [Gazetteer.Place] = []

    /// The prehospital LVO scales the region's protocol uses (config `scales`); their items
    /// are asked in the full module after the findings, each shared item once.
    public let scales: [LVOScale]

    /// A walkthrough at its first question.
    /// - Parameters:
    ///   - places: the gazetteer that resolves place names; without one only coordinates are accepted.
    ///   - scales: the LVO scales whose items the full module asks.
    public init(places: Gazetteer? = nil, scales: [LVOScale] = []) {
        self.places = places
        self.scales = LVOScale.allCases.filter(scales.contains)
    }

    /// The module chosen by the branch questions, once known.
    public var module: TriageModule? {
        guard let comatose = bool(.comatose) else { return nil }
        if comatose { return .coma }
        guard let examinable = bool(.examinable) else { return nil }
        return examinable ? .full : .limited
    }

    /// The eye deviation already answered on this path: the yes/no finding, or the FAST-ED
    /// calculator's eye item (> 0); `nil` when neither was asked yet.
    var eyeDeviationAnswered: Bool? {
        if case .bool(let value)? = answers[.finding(.eyeDeviation)] { return value }
        if case .number(let points)? = answers[.fastEdItem(.eyeDeviation)] { return points > 0 }
        return nil
    }

    /// Whether the guided FAST-ED calculator is in use.
    public var usesCalculator: Bool { answers[.fastEd] == .guided }

    /// Handles one typed line: `?` help, `b` back, or an answer to the current step.
    public mutating func handle(_ line: String) -> WalkEvent {
        let text = AnswerParser.trimmed(line)
        if text == "?" { return .help(Message("walk.help.\(step.key)", step.questionArguments)) }
        if text.lowercased() == "b" { return goBack() }
        switch step {
        case .comatose, .examinable, .finding:
            guard let value = AnswerParser.yesNo(text) else { return .invalid(Message("walk.invalid.yesNo")) }
            return accept(.bool(value))
        case .number(let field) where InputKey(field: field)?.isOptional == true:
            // Optional: Enter while GFAP is pending or glucose was not measured. For GFAP, `<29`, `below`
            // or a value under the assay's range records "below range" (a number 0 here), never a refusal.
            if text.isEmpty { return accept(.skipped) }
            let words = InputKey(field: field)?.belowRangeWords ?? []
            if words.contains(text.lowercased().replacingOccurrences(of: " ", with: "")) { return accept(.number(0)) }
            if !words.isEmpty, let value = AnswerParser.number(text), value >= 0, value < TriageRules.allowed(field).lower ?? 0 {
                return accept(.number(0))
            }
            return acceptNumber(text, field: field)
        case .number(let field):
            return acceptNumber(text, field: field)
        case .fastEd:
            if text.lowercased() == "c" { return accept(.guided) }
            return acceptNumber(text, field: .fastEd)
        case .fastEdItem(let field):
            return acceptNumber(text, field: field)
        case .scaleItem(let item):
            if item.field == .scaleGazeDeviation, let value = AnswerParser.number(text), let eyes = eyeDeviationAnswered,
               (value > 0) != eyes {
                // One eye-deviation finding: the scale's gaze item must agree with the earlier answer (issue 37).
                return .invalid(Message("walk.invalid.gazeContradicts", [.key(eyes ? "walk.word.yes" : "walk.word.no")]))
            }
            return acceptNumber(text, field: item.field)
        case .onset:
            if text.isEmpty { return accept(.skipped) }
            return acceptNumber(text, field: .onsetMinutes)
        case .location:
            return acceptLocation(text)
        case .confirm:
            return confirm(text)
        }
    }

    // MARK: - Steps

    private mutating func acceptNumber(_ text: String, field: InputField) -> WalkEvent {
        let allowed = TriageRules.allowed(field)
        guard !text.isEmpty else { return .invalid(Message("walk.invalid.empty", [.message(allowed.message)])) }
        guard let value = AnswerParser.number(text) else {
            return .invalid(Message("walk.invalid.number", [.message(allowed.message)]))
        }
        let result = TriageRules.check(field, value)
        if let issue = result.issue { return .invalid(issue.message) }
        if field == .dbp, case .number(let systolic)? = answers[.number(.sbp)],
           let issue = TriageRules.checkPressures(systolic: systolic, diastolic: value) {
            return .invalid(issue.message)
        }
        return accept(.number(value), warnings: result.warnings)
    }

    private mutating func acceptLocation(_ text: String) -> WalkEvent {
        if text.isEmpty { return accept(.skipped) }
        if let point = AnswerParser.coordinate(text) {
            for (field, value) in [(InputField.lat, point.latitude), (.lon, point.longitude)] {
                if let issue = TriageRules.check(field, value).issue { return .invalid(issue.message) }
            }
            return accept(.coordinate(point))
        }
        if let number = Int(text), placeChoices.indices.contains(number - 1) {
            let place = placeChoices[number - 1]
            return accept(.place(place.displayName, place.coordinate))
        }
        guard let places, text.contains(where: \.isLetter) else { return .invalid(Message("walk.invalid.location")) }
        switch places.lookup(text) {
        case .place(let place):
            return accept(.place(place.displayName, place.coordinate))
        case .ambiguous(let candidates):
            placeChoices = candidates
            let list = candidates.enumerated().map { "[\($0.offset + 1)] \($0.element.label)" }.joined(separator: "; ")
            return .invalid(Message("walk.invalid.ambiguousPlace", [
                .text(text), .number(Double(candidates.count), maxFractionDigits: 0), .text(list),
            ]))
        case .unknown:
            return .invalid(Message("walk.invalid.unknownPlace", [.text(text)]))
        }
    }

    private mutating func confirm(_ text: String) -> WalkEvent {
        let word = text.lowercased()
        if word.isEmpty || AnswerParser.yesWords.contains(word) {
            guard let inputs = inputs() else { return .invalid(Message("walk.invalid.incomplete")) }
            do {
                let warnings = try inputs.validate()
                return .compute(inputs, warnings: warnings)
            } catch {
                // Checked field by field already; should a rule still fail, go to that question.
                if let target = sequence().first(where: { $0.asks(error.issues[0].field) }),
                   let index = history.firstIndex(of: target) {
                    history.removeSubrange(index...)
                    step = target
                }
                return .invalid(error.message)
            }
        }
        if AnswerParser.noWords.contains(word) { return .declined }
        return .invalid(Message("walk.invalid.compute"))
    }

    private mutating func accept(_ answer: WalkAnswer, warnings: [ModelWarning] = []) -> WalkEvent {
        let answered = step
        answers[answered] = answer
        placeChoices = []
        history.append(answered)
        let path = sequence()
        guard let index = path.firstIndex(of: answered), index + 1 < path.count else { return .accepted(warnings: warnings, notes: []) }
        step = path[index + 1]
        return .accepted(warnings: warnings, notes: notes(after: answered))
    }

    private mutating func goBack() -> WalkEvent {
        guard let previous = history.popLast() else { return .cannotGoBack }
        placeChoices = []
        step = previous
        return .wentBack
    }

    private func notes(after answered: WalkStep) -> [Message] {
        switch answered {
        case .comatose, .examinable:
            guard let module else { return [] }
            return [Message("walk.module.chosen.\(module.rawValue)")]
        case .fastEdItem(.denialNeglect):
            guard let exam = calculatorExam() else { return [] }
            return [Message("walk.fastEd.total", [
                .number(Double(exam.total), maxFractionDigits: 0),
                .key(exam.armParesis ? "yes" : "no"), .key(exam.hasEyeDeviation ? "yes" : "no"),
            ])]
        default:
            return []
        }
    }

    func bool(_ step: WalkStep) -> Bool? {
        if case .bool(let value)? = answers[step] { return value }
        return nil
    }

    func number(_ step: WalkStep) -> Double? {
        if case .number(let value)? = answers[step] { return value }
        return nil
    }
}

/// A stored answer to one step.
enum WalkAnswer: Hashable, Sendable {
    /// A yes/no answer.
    case bool(Bool)
    /// A number, already checked against its field's rules.
    case number(Double)
    /// FAST-ED: the guided calculator was chosen.
    case guided
    /// An optional question was skipped with Enter.
    case skipped
    /// A location typed as coordinates.
    case coordinate(Coordinate)
    /// A location typed as a place name: its display name and coordinates.
    case place(String, Coordinate)
}

/// What happened after one line of input.
public enum WalkEvent: Hashable, Sendable {
    /// The answer was taken. Warnings keep the value; notes are informative
    /// (e.g. the chosen module, the calculator's total).
    case accepted(warnings: [ModelWarning], notes: [Message])
    /// The answer was not taken; the same question is asked again.
    case invalid(Message)
    /// Help for the current question; it is asked again.
    case help(Message)
    /// Went back one question.
    case wentBack
    /// `b` on the first question: there is nothing to go back to.
    case cannotGoBack
    /// The user confirmed: compute these validated inputs (the warnings are `validate()`'s).
    case compute(TriageInputs, warnings: [ModelWarning])
    /// The user answered "no" to `Compute?`: end without a result.
    case declined
}
