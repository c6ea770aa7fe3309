import ArgumentParser
import StrokeModels
import TriageFleet
import StrokeWalkthrough
import TriageLocalization
import TriageRendering
import TriageEngine

/// `stroke-triage walk` (and `stroke-triage` alone on a terminal): the
/// interactive paramedic walkthrough. Ctrl-D exits 0, Ctrl-C exits 130.
struct WalkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walk",
        abstract: "Interactive triage walkthrough: coma, limited or full module, then the result.",
        discussion: "Answer one question per line (piped stdin works). ? shows help, b goes back one question.")

    @Flag(name: .customLong("accept-disclaimer"), help: "Accept the research-use disclaimer (for scripted use); remembered.")
    var acceptDisclaimer = false

    @Option(name: .customLong("gfap-assay"), help: "Assay GFAP was measured with (recorded; never converted; default: config gfapAssay).")
    var gfapAssay: String?

    @OptionGroup var output: OutputOptions
    @OptionGroup var prediction: PredictionOptions
    @OptionGroup var audit: AuditOptions
    @OptionGroup var notify: NotifyOptions

    func validate() throws { try GfapAssaySetting.check(gfapAssay) }

    func run() async throws {
        InterruptHandler.install()
        let config = UserConfig.current
        let assay = try GfapAssaySetting.resolve(flag: gfapAssay, output: output)
        let scales = try ScalesSetting.load(output: output)
        // An unusable cloud setting is a usage error before the first question, not after the last.
        if prediction.mode != .offline { _ = try Failure.report(output) { try CloudSettings(prediction.settings, config: config) } }
        CloudWarmUp.startInBackground(prediction.settings, config: config)
        let terminal = WalkTerminal(output)
        let localizer = output.localizer
        let events = ConsoleEvents(localizer: localizer)
        let trail = AuditTrail.make(audit.settings, config: config)
        // --notify: relay, device name and key are checked before the first question.
        let notification = notify.notify == nil ? nil : try PreNotification.prepare(notify, audit: audit, trail: trail, output: output)
        guard acceptedDisclaimer(terminal, localizer, trail) else { return }
        terminal.say(wrapped: localizer.text("walk.intro"))
        guard var inputs = converse(terminal, localizer, scales: scales) else { return }
        inputs.gfapAssay = assay
        let outcome = try await Failure.report(output) {
            try await AssessmentSession.assess(inputs, prediction: prediction.settings, config: config, output: output.settings,
                                               trail: trail, events: events, cloudLogger: CloudSettings.logger(verbose: output.verbose))
        }
        AssessmentSession.present(outcome, output: output)
        let offer = WalkNotifyOffer(options: notify, audit: audit, trail: trail)
        let notified = await offer.run(outcome, prepared: notification, terminal, localizer, json: output.json)
        // The result is shown: a configured fleet collector gets the new records in the background.
        if trail.lastRecorded != nil { BackgroundPush.start(audit.settings, config: UserConfig.current) }
        offerReport(outcome, terminal, localizer)
        try AssessmentSession.failIfRefused(trail, localizer)
        if let notified { throw notified }
    }

    /// The gate: accepted before, by the flag, or by typing "yes" now. `false` ends the session.
    private func acceptedDisclaimer(_ terminal: WalkTerminal, _ l: Localizer, _ trail: AuditTrail) -> Bool {
        let gate = DisclaimerGate()
        if gate.isAccepted { return true }
        if !acceptDisclaimer {
            terminal.say(terminal.style.bold(l.text("walk.disclaimer.title")))
            for paragraph in l.text("walk.disclaimer.full").split(separator: "\n", omittingEmptySubsequences: false) {
                terminal.say(wrapped: String(paragraph))
            }
            let accepted = ["yes", l.text("walk.disclaimer.acceptWord").lowercased()]
            while true {
                guard let line = terminal.ask(l.text("walk.disclaimer.prompt"), detail: nil) else { return false }
                let answer = AnswerParser.trimmed(line).lowercased()
                if accepted.contains(answer) { break }
                if AnswerParser.noWords.contains(answer) {
                    terminal.say(wrapped: l.text("walk.disclaimer.declined"))
                    return false
                }
                terminal.warn(l.text("walk.disclaimer.again"))
            }
        }
        if !gate.accept() { terminal.warn(l.text("walk.disclaimer.notStored")) }
        ConsoleEvents(localizer: l).notRecorded(trail.disclaimerAccepted())
        return true
    }

    /// Asks until the user confirms (the inputs) or declines / ends input (`nil`).
    private func converse(_ terminal: WalkTerminal, _ l: Localizer, scales: [LVOScale]) -> TriageInputs? {
        var walk = Walkthrough(places: CentersEnvironment.gazetteer, scales: scales)
        var summaryShown = false
        while true {
            if walk.step == .confirm, !summaryShown {
                terminal.say("")
                terminal.say(terminal.style.bold(l.text("walk.summary.title")))
                for line in walk.summary() {
                    terminal.say("  " + TerminalStyle.pad(l.render(line.label) + ":", to: 28) + l.render(line.value))
                }
                summaryShown = true
            }
            let prompt = walk.prompt
            guard let line = terminal.ask(l.render(prompt.question), detail: prompt.detail.map(l.render)) else { return nil }
            switch walk.handle(line) {
            case .accepted(let warnings, let notes):
                for warning in warnings { terminal.warn(l.render(warning.message)) }
                for note in notes { terminal.say(wrapped: "→ " + l.render(note), hangingIndent: "  ") }
            case .invalid(let reason):
                terminal.warn(l.render(reason))
            case .help(let help):
                terminal.say(wrapped: l.render(help), indent: "  ")
            case .wentBack:
                break
            case .cannotGoBack:
                terminal.warn(l.text("walk.cannotGoBack"))
            case .compute(let inputs, _):
                return inputs
            case .declined:
                terminal.say(wrapped: l.text("walk.declined"))
                return nil
            }
            if walk.step != .confirm { summaryShown = false }
        }
    }

    /// Offers the Markdown handover report until it is written or skipped with Enter.
    private func offerReport(_ outcome: AssessmentOutcome, _ terminal: WalkTerminal, _ l: Localizer) {
        terminal.say("")
        while let line = terminal.ask(l.text("walk.report.offer"), detail: l.text("walk.report.offerDetail")) {
            let path = AnswerParser.trimmed(line)
            if path.isEmpty { return }
            do {
                let saved = try ReportFile.write(HandoverReport.markdown(outcome, localizer: l), to: path)
                terminal.say(wrapped: l.text("walk.report.saved", [.text(saved)]))
                return
            } catch {
                terminal.warn(error.message(l))
            }
        }
    }
}
