import StrokeJSON
import StrokeModels
import ArgumentParser
import Foundation
import StrokeAudit
import TriageRendering
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
        if let from, AuditDate.milliseconds(from) == nil { throw ValidationError("--from: '\(from.escapingControlCharacters)' is not a date; allowed: YYYY-MM-DD or ISO 8601.") }
        if let to, AuditDate.milliseconds(to) == nil { throw ValidationError("--to: '\(to.escapingControlCharacters)' is not a date; allowed: YYYY-MM-DD or ISO 8601.") }
    }

    func run() throws {
        let l = output.localizer
        let file = URL(fileURLWithPath: out ?? Self.defaultName(format))
        let request = AuditExportRequest(
            format: AuditExportRequest.Format(rawValue: format) ?? .jsonl,
            fromMs: from.flatMap { AuditDate.milliseconds($0) }, toMs: to.flatMap { AuditDate.milliseconds($0, endOfDay: true) },
            file: file, disclaimer: ModelJSON.english.text("disclaimer.short"), force: force)
        let location = AuditSetup.location(audit)
        let summary = try Failure.report(output) { () throws -> AuditExportSummary in
            try AuditSetup.requireExisting(location)
            return try AuditLog.withLog(location, context: AuditSetup.context()) { try $0.export(request) }
        }
        if output.json {
            return Console.out(JSONValue.object([
                ("file", .string(file.path)), ("manifest", .string(summary.manifest.path)),
                ("format", .string(request.format.rawValue)), ("records", .integer(summary.records)),
                ("first", .integer(Int(summary.first))), ("last", .integer(Int(summary.last))),
                ("sha256", .string(summary.sha256)), ("checkpointSequence", .integer(Int(summary.checkpoint.sequence))),
                ("logId", .string(summary.head.logIDHex)),
                ("database", .string(location.database.path)),
                ("disclaimer", ModelJSON.disclaimer),
            ]).serialized())
        }
        Console.out(l.text("audit.export.read", [.text(location.database.path)]))
        Console.out(l.text("audit.export.done", [
            .text(String(summary.records)), .text(file.path), .text(summary.manifest.path),
        ]))
        Console.out(l.text("audit.export.patientData"))
        Console.out(l.text("disclaimer.short"))
    }

    private static func defaultName(_ format: String) -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        return "stroke-triage-audit-\(stamp).\(format)"
    }
}
