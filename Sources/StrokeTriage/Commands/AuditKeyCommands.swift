// The key subcommands of `stroke-triage audit`: rotate-key, public-key, checkpoint (signing the head) and org-keygen.

import ArgumentParser
import FleetExport
import Foundation
import StrokeJSON
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

/// `stroke-triage audit org-keygen --out FILE`: the organisation's X25519 key pair for wrapping data keys.
///
/// The private key goes to FILE (0600) and stays offline with the medical director; the printed
/// base64 public key is what devices' `orgPublicKey` setting holds. Opens fleet exports
/// with `audit verify --fleet-export DIR --public-keys FILE --org-key FILE`.
struct AuditOrgKeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "org-keygen",
        abstract: "Create the organisation's X25519 key (private key to a 0600 file) and print its public key for devices' orgPublicKey.")

    @Option(name: .long, help: "Where to write the private key (refused if it exists, unless --force).")
    var out: String

    @Flag(name: .long, help: "Replace an existing file.")
    var force = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let (out, force) = (out, force)
        let publicKey = try Failure.report(output) { try FleetKeyFile.generate(.organisation, to: out, force: force) }
        if output.json { return Console.out(JSONValue.object([("orgPublicKey", .string(publicKey))]).serialized()) }
        Console.out(publicKey)
    }
}
