import ArgumentParser
import TriageEngine
import TriageFleet

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

    @Option(name: .customLong("ca-file"), help: ArgumentHelp(
        "PEM file of a private CA to trust besides the system's, for an https collector (else config caFile, else STROKE_TRIAGE_CA_FILE).",
        valueName: "file"))
    var caFile: String?

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
        let report = try await Failure.report(output) {
            try await audit.maintenance(output).push(collector: collector, device: deviceName, caFile: caFile, batchSize: batchSize, statusOnly: status)
        }
        // --quiet: nothing on success (background pushes); --status always reports.
        if quiet, !status { return }
        output.show(report)
    }
}
