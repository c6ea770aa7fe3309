import ArgumentParser
import TriageFleet
import TriageEngine

/// `stroke-triage audit push [--collector URL] [--device-name NAME] [--batch-size N] [--status] [--json] [--quiet]`:
/// sends the records the fleet collector does not hold yet, as stored
/// (ciphertext, links, hashes), with the signed head; or, with `--status`,
/// shows what is pending. See docs/commands.md and docs/server.md ("Devices").
struct AuditPushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Push the audit log to the fleet collector (ciphertext only); --status shows what is pending.")

    @Option(name: .long, help: "Collector base URL (else config `collector`, else STROKE_TRIAGE_COLLECTOR).")
    var collector: String?

    @Option(name: .customLong("device-name"), help: "This device's name at the collector (else config `device`, else STROKE_TRIAGE_DEVICE).")
    var deviceName: String?

    @Option(name: .customLong("batch-size"), help: "Records per request, 1–1000.")
    var batchSize = 500

    @Flag(name: .long, help: "Show the local head, the collector's acknowledged head and how many records are pending.")
    var status = false

    @Flag(name: .long, help: "Print nothing on success (background pushes).")
    var quiet = false

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...1000).contains(batchSize) else {
            throw ValidationError("--batch-size: allowed 1–1000, given \(batchSize).")
        }
    }

    func run() async throws {
        let settings = try Failure.report(output) {
            try CollectorSettings(collector: collector, device: deviceName, config: AppConfig.current)
        }
        let location = AuditSetup.location(audit.settings, config: AppConfig.current)
        if status {
            let report = try await Failure.report(output) {
                try await PushStatus.check(settings, location: location, context: AuditSetup.context(config: AppConfig.current),
                                           state: PushState(directory: location.keyFile.deletingLastPathComponent()))
            }
            return (output.json ? [report.json] : report.lines(output.localizer)).forEach { Console.out($0) }
        }
        let summary = try await Failure.report(output) {
            try await FleetPusher.push(settings, location: location, context: AuditSetup.context(config: AppConfig.current), batchSize: batchSize)
        }
        if quiet { return }
        Console.out(output.json ? summary.json(settings) : summary.text(settings, output.localizer))
    }
}
