import TriageEngine
import TriageLocalization
import TriageRendering

/// The walkthrough's offer after the result: "Send pre-notification to
/// <destination>? (y/n)". The destination is the `--notify` hospital, else the
/// routing's destination center, offered by name and sent to the hospital the relay
/// has registered for it (`--notify destination`, issue 45). Offered only when a
/// relay is configured; the answer is re-asked until it is yes or no (the end of
/// input counts as no).
///
/// ```swift
/// let offer = WalkNotificationOffer(flags: flags, audit: audit, trail: trail, config: config)
/// if let failure = await offer.run(outcome, prepared: nil, conversation: talk, events: events, json: false) {
///     exit(failure.category.exitStatus)
/// }
/// ```
public struct WalkNotificationOffer {
    /// The walkthrough's pre-notification flags.
    public let flags: NotifyFlags
    /// Where the device key lives.
    public let audit: AuditSettings
    /// The session's audit trail (the notification is recorded in it).
    public let trail: AuditTrail
    /// The user's configuration (relay, device name, hospital keys, centers).
    public let config: AppConfig

    /// An offer with these settings.
    public init(flags: NotifyFlags, audit: AuditSettings, trail: AuditTrail, config: AppConfig) {
        self.flags = flags
        self.audit = audit
        self.trail = trail
        self.config = config
    }

    /// Offers, sends on yes, and says what happened on the conversation's dialog (the
    /// notification as one JSON line when `json`). Returns the error when the case was not
    /// delivered (queued, refused, or not sendable); `nil` when delivered, declined or not offered.
    /// `prepared` is the notification set up before the first question (`--notify`); `events`
    /// receives the audit trail's warnings.
    public func run(_ outcome: AssessmentOutcome, prepared: PreNotification?, conversation: WalkConversation,
                    events: any EngineEventSink, json: Bool) async -> NotifyError? {
        let routed = PreNotification.routedDestination(outcome)
        guard let hospital = flags.notify ?? routed.map({ _ in PreNotification.destinationWord }),
              NotifySettings.relayConfigured(flag: flags.relay, config: config) else { return nil }
        let (dialog, l) = (conversation.dialog, conversation.localizer)
        // The routed destination is offered by its name; its hospital at the relay is looked up on yes.
        let shown = hospital == PreNotification.destinationWord ? (routed ?? hospital) : hospital
        let name = HospitalLocator.destination(shown, config: config).name ?? shown
        dialog.say("")
        while true {
            guard let line = dialog.ask(l.text("notify.offer", [.text(name)]), detail: l.text("walk.detail.yesNo")) else { return nil }
            switch AnswerParser.yesNo(line) {
            case true?:
                return await send(outcome, to: hospital, prepared: prepared, conversation, events: events, json: json)
            case false?:
                dialog.say(wrapped: l.text("notify.offer.skipped"))
                return nil
            case nil:
                dialog.warn(l.text("walk.invalid.yesNo"))
            }
        }
    }

    private func send(_ outcome: AssessmentOutcome, to hospital: String, prepared: PreNotification?,
                      _ conversation: WalkConversation, events: any EngineEventSink, json: Bool) async -> NotifyError? {
        let (dialog, l) = (conversation.dialog, conversation.localizer)
        do throws(NotifyError) {
            let notification: PreNotification
            if let prepared { notification = prepared } else {
                notification = try PreNotification.make(flags, hospital: hospital, audit: audit, config: config, trail: trail,
                                                        events: events)
            }
            let (entry, error) = try await notification.deliver(outcome, to: hospital, etaOverride: flags.etaMinutes, config: config)
            if json {
                dialog.say(NotifyRendering.notificationJSON(entry).serialized())
            } else if error == nil {
                dialog.say(wrapped: NotifyRendering.outcome(entry, nil, l))
            } else {
                dialog.warn(String(NotifyRendering.outcome(entry, error, l).dropFirst(2)))
            }
            return error
        } catch {
            // Not sent, nothing queued (no relay or device name, unknown hospital): say why, keep the walkthrough going.
            dialog.warn(l.render(error.message))
            return error
        }
    }
}
