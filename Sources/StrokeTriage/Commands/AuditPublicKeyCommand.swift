import StrokeJSON
import ArgumentParser
import Foundation
import StrokeAudit
import TriageEngine

/// `stroke-triage audit public-key`: prints the Ed25519 verification key (base64 of 32 bytes).
struct AuditPublicKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "public-key", abstract: "Print the checkpoint verification key (base64 Ed25519), for regulators.")

    @OptionGroup var audit: AuditOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let location = AuditSetup.location(audit.settings, config: AppConfig.current)
        let keyring = try Failure.report(output) {
            try AuditKeyFile.loadOrCreate(at: location.keyFile, passphrase: location.passphrase,
                                          nowMs: Int64(Date().timeIntervalSince1970 * 1000))
        }
        if output.json { return Console.out(JSONValue.object([("publicKey", .string(keyring.publicKeyBase64))]).serialized()) }
        Console.out(keyring.publicKeyBase64)
    }
}
