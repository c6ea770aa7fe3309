import AuditFormat
import StrokeModels
import ArgumentParser
import StrokeAudit
import TriageEngine

/// `stroke-triage audit export [--format jsonl|csv] [--from DATE] [--to DATE] [--out FILE]`.
struct AuditExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the log decrypted (mode 0600: it holds patient data) with a signed manifest beside it.")

    @Option(name: .long, help: "jsonl (default) or csv.")
    var format: String = "jsonl"

    @Option(name: .long, help: "First day or instant to include (YYYY-MM-DD or ISO 8601, UTC).")
    var from: String?

    @Option(name: .long, help: "Last day or instant to include (YYYY-MM-DD includes the whole day).")
    var to: String?

    @Option(name: .long, help: "Export file (default: stroke-triage-audit-<UTC time>.<format> in the current directory).")
    var out: String?

    @Flag(name: .long, help: "Replace an existing export (and manifest), or write through a symbolic link.")
    var force = false

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard AuditExportRequest.Format(rawValue: format) != nil else {
            throw ValidationError("--format: '\(format.escapingControlCharacters)' is not supported; allowed: jsonl, csv.")
        }
        if let from, UTCTime.milliseconds(from) == nil { throw ValidationError("--from: '\(from.escapingControlCharacters)' is not a date; allowed: YYYY-MM-DD or ISO 8601.") }
        if let to, UTCTime.milliseconds(to) == nil { throw ValidationError("--to: '\(to.escapingControlCharacters)' is not a date; allowed: YYYY-MM-DD or ISO 8601.") }
    }

    func run() throws {
        output.show(try Failure.report(output) {
            try audit.maintenance(output).export(format: format, from: from, to: to, out: out, force: force)
        })
    }
}
