import ArgumentParser
import TriageEngine

/// `stroke-triage audit rotate-key`: new master and signing keys; old records stay readable.
struct AuditRotateKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key", abstract: "Rotate the master and signing keys; old records stay readable.")

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        output.show(try Failure.report(output) { try audit.maintenance(output).rotateKeys() })
    }
}
