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

    func validate() throws {
        if fleetExport != nil {
            if publicKeys == nil { throw ValidationError("--fleet-export needs --public-keys FILE (see `stroke-triage-server collector public-keys`).") }
            if export != nil || against != nil { throw ValidationError("--fleet-export cannot be combined with --export or --against.") }
        } else if publicKeys != nil || orgKey != nil {
            throw ValidationError("--public-keys and --org-key go with --fleet-export DIR.")
        }
        if decryptTo != nil, orgKey == nil { throw ValidationError("--decrypt-to needs --org-key FILE.") }
        if export != nil, publicKey == nil { throw ValidationError("--export needs --public-key KEY (see `audit public-key`).") }
        if export != nil, against != nil { throw ValidationError("--against checks the local log; it cannot be combined with --export.") }
    }

    func run() throws {
        if let fleetExport { return try verifyFleetExport(fleetExport) }
        let report = try Failure.report(output) {
            try AuditVerifyReport.verify(location: AuditSetup.location(audit.settings, config: AppConfig.current), context: AuditSetup.context(config: AppConfig.current), export: export,
                                         publicKey: publicKey, against: against)
        }
        for line in output.json ? [report.json.serialized()] : report.text(output.localizer) { Console.out(line) }
        if let problem = report.result.problem {
            throw problem.reason.isHeadDisagreement ? ExitStatus.failure : ExitStatus.invalidData
        }
    }

    /// `--fleet-export`: the report on stdout, or on stderr when the decrypted events go to stdout. Exit 0 valid, 65 invalid.
    private func verifyFleetExport(_ directory: String) throws {
        let report = try Failure.report(output) {
            try FleetVerifyRunner.run(directory: directory, publicKeys: publicKeys ?? "", orgKey: orgKey, decryptTo: decryptTo) {
                Console.outRaw(String(decoding: $0, as: UTF8.self))
            }
        }
        for line in output.json ? [report.json] : report.text(output.localizer) {
            report.eventsToStandardOutput ? Console.err(line) : Console.out(line)
        }
        if !report.result.isValid { throw ExitStatus.invalidData }
    }
}
