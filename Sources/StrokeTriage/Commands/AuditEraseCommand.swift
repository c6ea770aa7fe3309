import AuditFormat
import StrokeModels
import ArgumentParser
import TriageEngine

/// `stroke-triage audit erase --assessment ID | --before DATE`: crypto-shredding.
struct AuditEraseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase",
        abstract: "Destroy the data keys of an assessment or of everything before a date; the chain still verifies.")

    @Option(name: .long, help: "The assessment identifier (the `assessment` field of an export).")
    var assessment: String?

    @Option(name: .long, help: "Erase every record whose key was created before this day or instant (UTC).")
    var before: String?

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (assessment == nil) != (before == nil) else { throw ValidationError("Give exactly one of --assessment ID or --before DATE.") }
        if let before, UTCTime.milliseconds(before) == nil { throw ValidationError("--before: '\(before.escapingControlCharacters)' is not a date; allowed: YYYY-MM-DD or ISO 8601.") }
    }

    func run() throws {
        output.show(try Failure.report(output) { try audit.maintenance(output).erase(assessment: assessment, before: before) })
    }
}
