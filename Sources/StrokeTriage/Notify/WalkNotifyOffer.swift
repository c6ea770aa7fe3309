import ArgumentParser
import StrokeWalkthrough
import TriageLocalization
import TriageFleet
import TriageRendering
import TriageEngine

/// The walkthrough's offer after the result: "Send pre-notification to
/// <destination>? (y/n)". The destination is the `--notify` hospital, else the
/// routing's destination center (its id is its relay id). Offered only when a
/// relay is configured; the answer is re-asked until it is yes or no (Ctrl-D = no).
struct WalkNotifyOffer {
    /// The walkthrough's pre-notification flags.
    let options: NotifyOptions
    /// Where the device key lives.
    let audit: AuditOptions
    /// The session's audit trail.
    let trail: AuditTrail

    /// Offers, sends on yes, and says what happened. Returns the exit status when the case was not delivered.
    func run(_ outcome: AssessmentOutcome, prepared: PreNotification?, _ terminal: WalkTerminal, _ l: Localizer,
             json: Bool) async -> ExitCode? {
        guard let hospital = options.notify ?? PreNotification.routedDestination(outcome),
              NotifySettings.relayConfigured(flag: options.relay, config: UserConfig.current) else { return nil }
        let name = HospitalLocator.destination(hospital, config: UserConfig.current).name ?? hospital
        terminal.say("")
        while true {
            guard let line = terminal.ask(l.text("notify.offer", [.text(name)]), detail: l.text("walk.detail.yesNo")) else { return nil }
            switch AnswerParser.yesNo(line) {
            case true?:
                return await send(outcome, to: hospital, prepared: prepared, terminal, l, json: json)
            case false?:
                terminal.say(wrapped: l.text("notify.offer.skipped"))
                return nil
            case nil:
                terminal.warn(l.text("walk.invalid.yesNo"))
            }
        }
    }

    private func send(_ outcome: AssessmentOutcome, to hospital: String, prepared: PreNotification?, _ terminal: WalkTerminal,
                      _ l: Localizer, json: Bool) async -> ExitCode? {
        do throws(NotifyError) {
            let notification: PreNotification
            if let prepared { notification = prepared } else {
                notification = try PreNotification.make(options.flags, hospital: hospital, audit: audit.settings,
                                                        config: UserConfig.current, trail: trail, events: ConsoleEvents(localizer: l))
            }
            let (entry, error) = try await notification.send(outcome, to: hospital, etaOverride: options.etaMinutes,
                                                               config: UserConfig.current)
            if json {
                terminal.say(NotifyRendering.notificationJSON(entry).serialized())
            } else if error == nil {
                terminal.say(wrapped: NotifyRendering.outcome(entry, nil, l))
            } else {
                terminal.warn(String(NotifyRendering.outcome(entry, error, l).dropFirst(2)))
            }
            return error?.exitCode
        } catch {
            // Not sent, nothing queued (no relay or device name, unknown hospital): say why, keep the walkthrough going.
            terminal.warn(error.message(l))
            return error.exitCode
        }
    }
}
