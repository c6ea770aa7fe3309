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
        let l = output.localizer
        let notifier = try NotifyCommandSupport.notifier(audit, output)
        let results = try await Failure.report(output) { () async throws -> [(QueuedCase, NotifyError?)] in try await notifier.flush() }
        let failures = results.compactMap(\.1)
        if output.json {
            Console.out(NotifyRendering.flushJSON(results).serialized())
        } else if results.isEmpty {
            Console.out(l.text("notify.flush.nothing"))
        } else {
            for (entry, error) in results { Console.out(NotifyRendering.outcome(entry, error, l)) }
        }
        if let first = failures.first(where: { !$0.isQueued }) ?? failures.first { throw first.exitCode }
    }
}

/// `stroke-triage notify status [--json]`: every pre-notification kept on this device
/// (48 hours), with "not yet delivered" until the relay has the case and its latest follow-ups.
struct NotifyStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "List this device's pre-notifications: delivered or not yet delivered.")

    @OptionGroup var output: OutputOptions

    func run() throws {
        let l = output.localizer
        let entries = try Failure.report(output) { () throws(NotifyError) -> [QueuedCase] in
            try NotifyQueue(stateDirectory: StateDirectories().state).all(nowMs: PreNotifier.nowMs())
        }
        if output.json { return Console.out(NotifyRendering.statusJSON(entries).serialized()) }
        if entries.isEmpty { return Console.out(l.text("notify.status.none")) }
        for entry in entries { Console.out(NotifyRendering.line(entry, l)) }
    }
}

/// What the `notify` subcommands share: the notifier with the device key and the audit trail.
enum NotifyCommandSupport {
    /// The notifier for these options (the device key is the audit log's signing key).
    static func notifier(_ audit: AuditOptions, _ output: OutputOptions) throws -> PreNotifier {
        let key = try Failure.report(output) { () throws(NotifyError) in try NotifySettings.signingKey(audit.settings, config: UserConfig.current) }
        return PreNotifier(queue: NotifyQueue(stateDirectory: StateDirectories().state), signingKey: key,
                           recorder: TrailNotificationRecorder(trail: AuditTrail.make(audit.settings, config: UserConfig.current),
                                                                        events: ConsoleEvents(localizer: output.localizer)))
    }

    /// Prints the outcome of a follow-up and exits with its status: 0 delivered, 69 queued, 1 refused.
    static func finish(_ entry: QueuedCase, _ error: NotifyError?, _ notifier: PreNotifier, _ output: OutputOptions) async throws {
        if output.json {
            Console.out(NotifyRendering.json(entry).serialized())
        } else {
            Console.out(NotifyRendering.outcome(entry, error, output.localizer))
        }
        if let error { throw error.exitCode }
        // The relay answered: anything else still queued goes now.
        _ = try? await notifier.flush()
    }
}
