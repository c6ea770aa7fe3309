import ArgumentParser
import StrokeModels
import TriageFleet
import TriageRendering
import TriageEngine

/// The module commands' side of `PreNotification`: the report on the terminal.
extension PreNotification {
    /// Module commands: after the printed result, sends when `--notify` was given and
    /// reports on stderr (a JSON object with `--json`). Returns the exit status when not delivered.
    static func afterResult(_ outcome: AssessmentOutcome, _ prepared: PreNotification?, options: NotifyOptions,
                            output: OutputOptions) async -> ExitCode? {
        switch await afterResult(outcome, prepared: prepared, flags: options.flags, config: AppConfig.current) {
        case nil:
            return nil
        case .success(let (entry, error))?:
            Console.err(output.json ? NotifyRendering.notificationJSON(entry).serialized() : NotifyRendering.outcome(entry, error, output.localizer))
            if entry.etaMinutes == nil, !output.json {
                // The board would show "ETA unknown" (issue 35): say why and how to send one.
                Console.err("! " + output.localizer.text("notify.warning.noEta", [.text(entry.hospitalId.escapingControlCharacters)]))
            }
            return error?.exitCode
        case .failure(let error)?:
            return (Failure.translate(error, output) as? ExitCode) ?? ErrorCategory.failure.exitCode
        }
    }
}
