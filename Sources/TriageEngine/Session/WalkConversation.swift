import StrokeCenters
import StrokeModels
import TriageLocalization
import TriageRendering

/// The front-end's side of the walkthrough: shows lines and reads one answer at a
/// time. The CLI's terminal implements it; a test implements it with a script.
public protocol WalkDialog {
    /// Colour and width of the lines (titles are bold in it, the summary is padded to it).
    var style: TextStyle { get }
    /// Shows one line as it is.
    func say(_ line: String)
    /// Shows text wrapped to the style's width.
    func say(wrapped text: String, indent: String, hangingIndent: String?)
    /// Shows a warning ("! …"), wrapped.
    func warn(_ text: String)
    /// Asks a question (with an optional detail such as "y/n") and returns the answer,
    /// or `nil` when the input ended (Ctrl-D).
    func ask(_ question: String, detail: String?) -> String?
}

extension WalkDialog {
    /// Shows text wrapped to the style's width, without indent.
    public func say(wrapped text: String) { say(wrapped: text, indent: "", hangingIndent: nil) }
}

/// The interactive walkthrough's conversation, independent of any terminal: the
/// disclaimer gate, one question at a time until the summary is confirmed, and
/// the handover-report offer. Invalid answers are re-asked, never fatal.
///
/// ```swift
/// let talk = WalkConversation(dialog: terminal, localizer: Localizer(language: .en))
/// guard talk.acceptDisclaimer(flag: false, trail: trail, events: events),
///       let inputs = talk.inputs(scales: []) else { return }
/// let outcome = try await AssessmentSession.assess(inputs, …)
/// talk.offerReport(outcome)
/// ```
public struct WalkConversation {
    /// Where the lines go and the answers come from.
    public let dialog: any WalkDialog
    /// The language of every line.
    public let localizer: Localizer

    /// A conversation over `dialog` in `localizer`'s language.
    public init(dialog: any WalkDialog, localizer: Localizer) {
        self.dialog = dialog
        self.localizer = localizer
    }

    /// The gate: accepted before, by the flag, or by typing "yes" (or the language's word) now;
    /// "no" or the end of input declines (`false`: the session ends). An acceptance is stored
    /// in `gate` and recorded in `trail`.
    public func acceptDisclaimer(flag: Bool, gate: DisclaimerGate = DisclaimerGate(), trail: AuditTrail,
                                 events: any EngineEventSink) async -> Bool {
        if gate.isAccepted { return true }
        if !flag {
            guard askAcceptance() else { return false }
        }
        if !gate.accept() { dialog.warn(localizer.text("walk.disclaimer.notStored")) }
        events.notRecorded(await trail.disclaimerAccepted())
        return true
    }

    private func askAcceptance() -> Bool {
        let l = localizer
        dialog.say(dialog.style.bold(l.text("walk.disclaimer.title")))
        for paragraph in l.text("walk.disclaimer.full").split(separator: "\n", omittingEmptySubsequences: false) {
            dialog.say(wrapped: String(paragraph))
        }
        let accepted = ["yes", l.text("walk.disclaimer.acceptWord").lowercased()]
        while true {
            guard let line = dialog.ask(l.text("walk.disclaimer.prompt"), detail: nil) else { return false }
            let answer = AnswerParser.trimmed(line).lowercased()
            if accepted.contains(answer) { return true }
            if AnswerParser.noWords.contains(answer) {
                dialog.say(wrapped: l.text("walk.disclaimer.declined"))
                return false
            }
            dialog.warn(l.text("walk.disclaimer.again"))
        }
    }

    /// Introduces the questions, then asks until the summary is confirmed (the inputs) or the
    /// user declines or ends the input (`nil`). `places` resolves typed place names; `scales`
    /// adds those LVO scales.
    public func inputs(scales: [LVOScale], places: Gazetteer? = CentersEnvironment.gazetteer) -> TriageInputs? {
        let l = localizer
        dialog.say(wrapped: l.text("walk.intro"))
        var walk = Walkthrough(places: places, scales: scales)
        var summaryShown = false
        while true {
            if walk.step == .confirm, !summaryShown {
                showSummary(walk)
                summaryShown = true
            }
            let prompt = walk.prompt
            guard let line = dialog.ask(l.render(prompt.question), detail: prompt.detail.map(l.render)) else { return nil }
            switch walk.handle(line) {
            case .accepted(let warnings, let notes):
                for warning in warnings { dialog.warn(l.render(warning.message)) }
                for note in notes { dialog.say(wrapped: "→ " + l.render(note), indent: "", hangingIndent: "  ") }
            case .invalid(let reason):
                dialog.warn(l.render(reason))
            case .help(let help):
                dialog.say(wrapped: l.render(help), indent: "  ", hangingIndent: nil)
            case .wentBack:
                break
            case .cannotGoBack:
                dialog.warn(l.text("walk.cannotGoBack"))
            case .compute(let inputs, _):
                return inputs
            case .declined:
                dialog.say(wrapped: l.text("walk.declined"))
                return nil
            }
            if walk.step != .confirm { summaryShown = false }
        }
    }

    private func showSummary(_ walk: Walkthrough) {
        dialog.say("")
        dialog.say(dialog.style.bold(localizer.text("walk.summary.title")))
        // The value column follows the longest label (German labels run to 31 characters:
        // "Thrombozytenaggregationshemmer:"), at most 44 wide, and a value is never glued to its label (issue 44).
        let lines = walk.summary().map { (localizer.render($0.label) + ":", localizer.render($0.value)) }
        let column = min(max(28, (lines.map(\.0.count).max() ?? 0) + 2), 44)
        for (label, value) in lines {
            let padded = label.count < column ? TextStyle.pad(label, to: column) : label + " "
            // A row wider than the screen (the longest German scale labels) gives its value a line of its own,
            // in the value column: the terminal never wraps a value away from its label, nor cuts it.
            if 2 + padded.count + value.count > dialog.style.width {
                dialog.say("  " + label)
                dialog.say(String(repeating: " ", count: 2 + column) + value)
            } else {
                dialog.say("  " + padded + value)
            }
        }
    }

    /// The answers that show the result's details at the report offer.
    static let moreWords: Set<String> = ["m", "more", "mehr"]

    /// Offers the Markdown handover report until it is written (a bare name goes to the
    /// data directory's reports folder) or skipped with an empty answer or the end of input;
    /// `m` shows every detail of the result first.
    /// A path that cannot be written is named and asked again.
    public func offerReport(_ outcome: AssessmentOutcome) {
        let l = localizer
        dialog.say("")
        while let line = dialog.ask(l.text("walk.report.offer"), detail: l.text("walk.report.offerDetail")) {
            let path = AnswerParser.trimmed(line)
            if path.isEmpty { return }
            if Self.moreWords.contains(path.lowercased()) {
                // The details the result left out for a glance (issue 35), then the offer again.
                for text in ResultRenderer(localizer: l, style: dialog.style, details: true).lines(outcome) { dialog.say(text) }
                continue
            }
            do {
                let saved = try ReportFile.write(HandoverReport.markdown(outcome, localizer: l), to: path)
                dialog.say(wrapped: l.text("walk.report.saved", [.text(saved)]))
                return
            } catch {
                dialog.warn(l.render(error.message))
            }
        }
    }
}
