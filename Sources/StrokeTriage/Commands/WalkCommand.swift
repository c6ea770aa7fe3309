import ArgumentParser
import TriageEngine
import TriageFleet

/// `stroke-triage walk` (and `stroke-triage` alone on a terminal): the
/// interactive paramedic walkthrough. Ctrl-D exits 0, Ctrl-C exits 130.
struct WalkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walk",
        abstract: "Interactive triage walkthrough: coma, limited or full module, then the result.",
        discussion: "Answer one question per line (piped stdin works). ? shows help, b goes back one question. The result fits a glance; m at the report question (or --details) shows every detail.")

    @Flag(name: .customLong("accept-disclaimer"), help: "Accept the research-use disclaimer (for scripted use); remembered.")
    var acceptDisclaimer = false

    @Option(name: .customLong("gfap-assay"), help: "Assay GFAP was measured with (recorded; never converted; default: config gfapAssay).")
    var gfapAssay: String?

    @Flag(name: .long, help: "Show every detail of the result at once (else m at the report question shows them).")
    var details = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var prediction: PredictionOptions
    @OptionGroup var audit: AuditOptions
    @OptionGroup var notify: NotifyOptions
    @OptionGroup var fhir: FHIROptions

    func validate() throws {
        try GfapAssaySetting.check(gfapAssay)
        try fhir.check(output)
    }

    func run() async throws {
        InterruptHandler.install()
        // With --fhir the questions go to stderr, as with --json: stdout holds the one Bundle.
        let output = fhir.output(self.output)
        let (config, localizer) = (AppConfig.current, output.localizer)
        let events = ConsoleEvents(localizer: localizer)
        try await AuditTrail.using(audit.settings, config: config) { trail in
            // Assay, scales, cloud settings and --notify are checked before the first question, not after the last.
            let (ready, notification) = try Failure.report(output) {
                let ready = try WalkPreparation.prepare(WalkSettings(gfapAssay: gfapAssay, prediction: prediction.settings), config: config)
                return (ready, try PreNotification.prepare(notify.flags(caFile: prediction.caFile), audit: audit.settings, config: config,
                                                           trail: trail, events: events))
            }
            let talk = WalkConversation(dialog: WalkTerminal(output), localizer: localizer)
            guard await talk.acceptDisclaimer(flag: acceptDisclaimer, trail: trail, events: events),
                  var inputs = talk.inputs(scales: ready.scales) else { return }
            inputs.gfapAssay = ready.gfapAssay
            let outcome = try await Failure.report(output) {
                try await AssessmentSession.assess(inputs, prediction: prediction.settings, config: config, output: output.settings,
                                                   trail: trail, events: events, cloudLogger: CloudSettings.logger(verbose: output.verbose, to: ConsoleErrorStream()))
            }
            AssessmentSession.present(outcome, output: output, details: details, moreHint: "walk.result.moreKey", fhir: fhir)
            let offer = WalkNotificationOffer(flags: notify.flags(caFile: prediction.caFile), audit: audit.settings, trail: trail, config: config)
            let notified = await offer.run(outcome, prepared: notification, conversation: talk, events: events, json: output.json)
            // The result is shown: a configured fleet collector gets the new records in the background.
            if trail.lastRecorded != nil { BackgroundPush.start(audit.settings, config: config) }
            talk.offerReport(outcome)
            try AssessmentSession.failIfRefused(trail, localizer)
            if let notified { throw notified.exitCode }
        }
    }
}
