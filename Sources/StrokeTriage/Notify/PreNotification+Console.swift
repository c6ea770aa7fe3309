import ArgumentParser
import TriageFleet
import TriageRendering
import TriageEngine

/// The module commands' and the walkthrough's side of `PreNotification`: the flags
/// and the user's configuration, the report on the terminal.
extension PreNotification {
    /// Resolves the settings and the device key before the assessment, so a usage
    /// error (no relay, no device name, unreadable key file) comes before the result.
    static func prepare(_ options: NotifyOptions, audit: AuditOptions, trail: AuditTrail, output: OutputOptions) throws -> PreNotification {
        try Failure.report(output) { () throws(NotifyError) -> PreNotification in
            try make(options.flags, hospital: options.notify, audit: audit.settings, config: AppConfig.current, trail: trail,
                     events: ConsoleEvents(localizer: output.localizer))
        }
    }

    /// Module commands: after the printed result, sends when `--notify` was given and
    /// reports on stderr (a JSON object with `--json`). Returns the exit status when not delivered.
    static func afterResult(_ outcome: AssessmentOutcome, _ prepared: PreNotification?, options: NotifyOptions,
                            output: OutputOptions) async -> ExitCode? {
        switch await afterResult(outcome, prepared: prepared, flags: options.flags, config: AppConfig.current) {
        case nil:
            return nil
        case .success(let (entry, error))?:
            Console.err(output.json ? NotifyRendering.notificationJSON(entry).serialized() : NotifyRendering.outcome(entry, error, output.localizer))
            return error?.exitCode
        case .failure(let error)?:
            return (Failure.translate(error, output) as? ExitCode) ?? ExitStatus.failure
        }
    }
}
