import StrokeJSON
import ArgumentParser
import Foundation
import StrokeAudit
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
        if let fleetExport {
            return try FleetVerifyRunner.run(directory: fleetExport, publicKeys: publicKeys ?? "", orgKey: orgKey,
                                             decryptTo: decryptTo, output: output)
        }
        let location = AuditSetup.location(audit)
        let result = try Failure.report(output) { () throws -> AuditVerification in
            if let export {
                let key = try AuditExportVerifier.publicKey(publicKey ?? "")
                return try AuditExportVerifier.verify(file: URL(fileURLWithPath: export), publicKey: key)
            }
            // A deleted database whose head file says it had records: every record is gone.
            if !FileManager.default.fileExists(atPath: location.database.path), let head = AuditLog.headFileHead(location),
               head.sequence > 0 {
                var gone = AuditVerification()
                gone.logID = head.logIDHex
                gone.head = head
                gone.problem = AuditProblem(sequence: 1, reason: .emptyWithHead)
                return gone
            }
            try AuditSetup.requireExisting(location)
            let external = try against.map { try AuditHead.load(URL(fileURLWithPath: $0)) }
            return try AuditLog.withLog(location, context: AuditSetup.context()) { try $0.verify(against: external) }
        }
        let l = output.localizer
        // The log that was read: the database (and its key file), or the export file.
        let read = export.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? location.database.path
        if output.json {
            Console.out(JSONValue.object([
                ("intact", .bool(result.isIntact)),
                ("source", .string(export == nil ? "database" : "export")),
                ("path", .string(read)),
                ("records", .integer(result.records)),
                ("erasedRecords", .integer(result.erasedRecords)),
                ("checkpoints", .integer(result.checkpoints)),
                ("headSequence", .integer(Int(result.headSequence))),
                ("firstBadSequence", result.problem.map { .integer(Int($0.sequence)) } ?? .null),
                ("reason", result.problem.map { .string($0.reason.rawValue) } ?? .null),
                ("logId", result.logID.map { .string($0) } ?? .null),
                ("signedHeadSequence", result.head.map { .integer(Int($0.sequence)) } ?? .null),
                ("upgradedAtSequence", result.upgradedAtSequence.map { .integer(Int($0)) } ?? .null),
            ]).serialized())
        } else if let problem = result.problem {
            Console.out(l.text("audit.verify.read", [.text(read)]))
            Console.out(l.text("audit.verify.tampered", [.text(String(problem.sequence)), .key("audit.problem.\(problem.reason.rawValue)")]))
        } else {
            Console.out(l.text("audit.verify.read", [.text(read)]))
            Console.out(l.text("audit.verify.intact", [
                .text(String(result.records)), .text(String(result.checkpoints)), .text(String(result.erasedRecords)),
            ]))
        }
        if let upgraded = result.upgradedAtSequence, !output.json {
            Console.out(l.text("audit.verify.upgraded", [.text(String(upgraded)), .text(String(upgraded + 1))]))
        }
        if let problem = result.problem { throw problem.reason.isHeadDisagreement ? ExitStatus.failure : ExitStatus.invalidData }
    }
}
