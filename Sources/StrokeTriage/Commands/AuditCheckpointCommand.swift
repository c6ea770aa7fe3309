import ArgumentParser
import TriageEngine

/// `stroke-triage audit checkpoint`: signs the current chain head now.
struct AuditCheckpointCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkpoint", abstract: "Sign the current chain head (Ed25519) and store the checkpoint.")

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        output.show(try Failure.report(output) { try audit.maintenance(output).checkpoint() })
    }
}
