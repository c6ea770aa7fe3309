import ArgumentParser
import StrokeAudit
import TriageEngine

/// `stroke-triage audit checkpoint`: signs the current chain head now.
struct AuditCheckpointCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkpoint", abstract: "Sign the current chain head (Ed25519) and store the checkpoint.")

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let checkpoint = try Failure.report(output) {
            try AuditLog.withLog(AuditSetup.location(audit.settings, config: AppConfig.current), context: AuditSetup.context(config: AppConfig.current)) { try $0.checkpoint() }
        }
        if output.json { return Console.out(AuditReports.checkpointJSON(checkpoint).serialized()) }
        Console.out(output.localizer.text("audit.checkpoint.done", [.text(String(checkpoint.sequence))]))
    }
}
