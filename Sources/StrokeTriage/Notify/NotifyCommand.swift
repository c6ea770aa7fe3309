import StrokeJSON
import ArgumentParser
import TriageFleet
import TriageLocalization
import TriageEngine

/// `stroke-triage notify`: follow-ups and the queue of hospital pre-notifications.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Hospital pre-notifications: update the ETA, arrived, cancel, flush the queue, status.",
        discussion: "Cases are sent with --notify HOSPITAL_ID on coma, limited, full and walk; see docs/prenotify.md.",
        subcommands: [
            NotifyUpdateCommand.self, NotifyArrivedCommand.self, NotifyCancelCommand.self, NotifyFlushCommand.self,
            NotifyStatusCommand.self,
        ]
    )
}

/// `stroke-triage notify flush`: delivers every queued case and follow-up now.
/// Exit 0 when nothing is left, 69 when the relay is still unreachable, 1 when the relay refused something.
struct NotifyFlushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flush", abstract: "Deliver every queued pre-notification and follow-up now.")

    @OptionGroup var output: OutputOptions
    @OptionGroup var audit: AuditOptions

    func run() async throws {
        try await NotifyCommandSupport.followUp(audit, output) { followUp in
            let results = try await Failure.report(output) { () async throws -> [(QueuedCase, NotifyError?)] in try await followUp.flush() }
            Console.out(lines: output.json ? [NotifyRendering.flushJSON(results).serialized()] : NotifyRendering.flushLines(results, output.localizer))
            if let failure = NotifyFollowUp.flushFailure(results) { throw failure.exitCode }
        }
    }
}

/// `stroke-triage notify status [--json]`: every pre-notification kept on this device
/// (48 hours), with "not yet delivered" until the relay has the case and its latest follow-ups.
struct NotifyStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List this device's pre-notifications: delivered or not yet delivered, and shown or refused by the board.")

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        var entries = try Failure.report(output) { () throws(NotifyError) -> [QueuedCase] in try NotifyFollowUp.kept() }
        // Best effort (issue 45): the board's receipts of delivered cases that have none yet, from the relay;
        // without the device key or the relay the cases show as kept ("delivered, not yet confirmed").
        if entries.contains(where: { $0.delivered && $0.receipt == nil }),
           let followUp = try? NotifyFollowUp(audit: audit.settings, config: AppConfig.current, events: ConsoleEvents(localizer: output.localizer)) {
            let kept = entries
            var refreshed = kept
            try? await followUp.closing { refreshed = await $0.notifier.refreshReceipts(kept) }
            entries = refreshed
        }
        Console.out(lines: output.json ? [NotifyRendering.statusJSON(entries).serialized()] : NotifyRendering.statusLines(entries, output.localizer))
    }
}

/// What the `notify` follow-up subcommands share: the engine's `NotifyFollowUp` and the outcome on the terminal.
enum NotifyCommandSupport {
    /// Runs `body` with the follow-ups of this device for these options (the device key is the audit
    /// log's signing key); their audit trail is closed before this returns.
    static func followUp(_ audit: AuditOptions, _ output: OutputOptions, _ body: (NotifyFollowUp) async throws -> Void) async throws {
        try await Failure.report(output) { () throws(NotifyError) in
            try NotifyFollowUp(audit: audit.settings, config: AppConfig.current, events: ConsoleEvents(localizer: output.localizer))
        }.closing(body)
    }

    /// Runs one follow-up, prints its outcome and exits with its status: 0 delivered, 69 queued, 1 refused.
    static func run(_ audit: AuditOptions, _ output: OutputOptions,
                    _ body: (NotifyFollowUp) async throws(NotifyError) -> (QueuedCase, NotifyError?)) async throws {
        try await followUp(audit, output) { followUp in
            let (entry, error) = try await Failure.report(output) { () async throws -> (QueuedCase, NotifyError?) in try await body(followUp) }
            Console.out(output.json ? NotifyRendering.json(entry).serialized() : NotifyRendering.outcome(entry, error, output.localizer))
            if let error { throw error.exitCode }
            // The relay answered: anything else still queued goes now.
            await followUp.flushRemaining()
        }
    }
}
