import ArgumentParser
import Foundation
import TriageFleet
import TriageEngine

/// `stroke-triage audit verify [--export FILE --public-key KEY]`: checks the
/// local log with its key, or an export and its manifest with the public key only.
struct AuditVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify the chain, payloads, checkpoints, signed heads and erasures; exit 65 (damaged) or 1 (disagrees with a signed head), naming the reason.")

    @Option(name: .long, help: "Verify this export file (and FILE.manifest.json beside it) instead of the local log.")
    var export: String?

    @Option(name: .customLong("public-key"), help: "The Ed25519 verification key (base64, or a file holding it); needed with --export.")
    var publicKey: String?

    @Option(name: .long, help: "A signed head kept elsewhere (`audit head --json`): the log must contain and extend it.")
    var against: String?

    @Option(name: .customLong("fleet-export"), help: "Verify a collector's fleet export directory instead (needs --public-keys).")
    var fleetExport: String?

    @Option(name: .customLong("public-keys"), help: "With --fleet-export: the public-keys file (`stroke-triage-server collector public-keys`).")
    var publicKeys: String?

    @Option(name: .customLong("org-key"), help: "With --fleet-export: the organisation key file (`audit org-keygen`); also decrypts the records.")
    var orgKey: String?

    @Option(name: .customLong("decrypt-to"), help: "With --org-key: write the decrypted events to this new file (0600) instead of stdout.")
    var decryptTo: String?

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    /// The engine's request of these flags.
    var request: AuditVerifyRequest {
        AuditVerifyRequest(export: export, publicKey: publicKey, against: against, fleetExport: fleetExport, publicKeys: publicKeys,
                           orgKey: orgKey, decryptTo: decryptTo)
    }

    func validate() throws {
        if let problem = request.usageProblem { throw ValidationError(problem) }
    }

    /// The report on stdout, or on stderr when the decrypted events of a fleet export go to stdout.
    /// Exit 0 intact or valid, 65 damaged or invalid, 1 when the log disagrees with a signed head.
    func run() throws {
        let outcome = try Failure.report(output) {
            try request.run(audit: audit.settings, config: AppConfig.current) { Console.outRaw(String(decoding: $0, as: UTF8.self)) }
        }
        for line in output.json ? [outcome.json] : outcome.text(output.localizer) {
            outcome.reportToStandardError ? Console.err(line) : Console.out(line)
        }
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
    }
}
