import StrokeJSON
import ArgumentParser
import FleetExport
import Foundation

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
