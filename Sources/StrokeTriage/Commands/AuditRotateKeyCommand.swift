import StrokeJSON
import ArgumentParser
import StrokeAudit
import TriageEngine

/// `stroke-triage audit rotate-key`: new master and signing keys; old records stay readable.
struct AuditRotateKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key", abstract: "Rotate the master and signing keys; old records stay readable.")

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let publicKey = try Failure.report(output) {
            try AuditLog.rotateKeys(AuditSetup.location(audit.settings, config: AppConfig.current), context: AuditSetup.context(config: AppConfig.current))
        }
        if output.json { return Console.out(JSONValue.object([("publicKey", .string(publicKey))]).serialized()) }
        Console.out(output.localizer.text("audit.rotate.done", [.text(publicKey)]))
    }
}
