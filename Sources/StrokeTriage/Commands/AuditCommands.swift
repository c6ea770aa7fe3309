// `stroke-triage audit` and its log subcommands: init, verify, head, export, erase (the key subcommands are in AuditKeyCommands.swift, push in AuditPushCommand.swift).

import ArgumentParser
import Foundation
import StrokeAudit
import StrokeModels
import TriageEngine
import TriageFleet

/// `stroke-triage audit`: init, verify, head, export, erase, rotate-key, public-key, checkpoint, push.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit log: init, verify, head, export, erase, rotate-key, public-key, checkpoint, push.",
        discussion: "The log is an encrypted, hash-chained SQLite file; see docs/audit-format.md.",
        subcommands: [
            AuditInitCommand.self, AuditVerifyCommand.self, AuditHeadCommand.self, AuditExportCommand.self, AuditEraseCommand.self, AuditRotateKeyCommand.self,
            AuditPublicKeyCommand.self, AuditCheckpointCommand.self, AuditPushCommand.self,
            AuditOrgKeygenCommand.self,
        ]
    )
}

/// `stroke-triage audit init [--new-log]`: creates the audit log (and its key file) if
/// there is none; with `--new-log`, starts a new log where the old one is gone although
/// the key file has signed it — recorded in the new log, and reported by `audit verify`.
struct AuditInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the audit log; --new-log starts a new one (recorded) where a log this key file signed is gone.")

    @Flag(name: .customLong("new-log"), help: "Start a new log although the key file has signed a log that is gone (recorded as audit.newLog; audit verify reports it).")
    var newLog = false

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        output.show(try Failure.report(output) { try audit.maintenance(output).initLog(newLog: newLog) })
    }
}

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
        if let problem = AuditExportRequest.dateUsageProblem("--from", from) ?? AuditExportRequest.dateUsageProblem("--to", to) {
            throw ValidationError(problem)
        }
    }

    func run() throws {
        output.show(try Failure.report(output) {
            try audit.maintenance(output).export(format: format, from: from, to: to, out: out, force: force)
        })
    }
}

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
        if let problem = AuditExportRequest.dateUsageProblem("--before", before) { throw ValidationError(problem) }
    }

    func run() throws {
        output.show(try Failure.report(output) { try audit.maintenance(output).erase(assessment: assessment, before: before) })
    }
}
