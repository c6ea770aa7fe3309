import ArgumentParser
import TriageEngine

/// `stroke-triage audit head [--json] [--reset]`: prints the latest signed head,
/// to be kept outside the device (a printout, a dispatch system, a fleet
/// collector) and later checked with `audit verify --against FILE`.
struct AuditHeadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "head",
        abstract: "Print the latest signed head of the log (keep `--json` elsewhere for `audit verify --against`).")

    @Flag(name: .long, help: "Write a new head file after the old one was lost or damaged (recorded in the log as audit.headReset).")
    var reset = false

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        output.show(try Failure.report(output) { try audit.maintenance(output).head(reset: reset) })
    }
}
