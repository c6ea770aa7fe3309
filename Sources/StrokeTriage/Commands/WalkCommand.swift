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
        let talk = WalkConversation(dialog: terminal, localizer: localizer)
        guard talk.acceptDisclaimer(flag: acceptDisclaimer, trail: trail, events: events) else { return }
        terminal.say(wrapped: localizer.text("walk.intro"))
        guard var inputs = talk.inputs(scales: scales) else { return }
        inputs.gfapAssay = assay
        let outcome = try await Failure.report(output) {
            try await AssessmentSession.assess(inputs, prediction: prediction.settings, config: config, output: output.settings,
                                               trail: trail, events: events, cloudLogger: CloudSettings.logger(verbose: output.verbose))
        }
        AssessmentSession.present(outcome, output: output)
        let offer = WalkNotificationOffer(flags: notify.flags, audit: audit.settings, trail: trail, config: config)
        let notified = await offer.run(outcome, prepared: notification, conversation: talk, events: events, json: output.json)
        // The result is shown: a configured fleet collector gets the new records in the background.
        if trail.lastRecorded != nil { BackgroundPush.start(audit.settings, config: UserConfig.current) }
        talk.offerReport(outcome)
        try AssessmentSession.failIfRefused(trail, localizer)
        if let notified { throw notified.exitCode }
    }
}
