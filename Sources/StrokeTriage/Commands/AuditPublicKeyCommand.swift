import ArgumentParser
import TriageEngine

/// `stroke-triage audit public-key`: prints the Ed25519 verification key (base64 of 32 bytes).
struct AuditPublicKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "public-key", abstract: "Print the checkpoint verification key (base64 Ed25519), for regulators.")

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        output.show(try Failure.report(output) { try audit.maintenance(output).publicKey() })
    }
}
