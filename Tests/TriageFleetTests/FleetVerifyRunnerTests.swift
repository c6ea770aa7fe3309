import Crypto
import FleetExport
import Foundation
import Testing
import TriageFleet
import TriageLocalization

/// The fleet-export check's failures before and after verification. A valid export of a real
/// device log (written by the collector on PostgreSQL) is verified and decrypted by
/// StrokeCollectorTests' `FleetExportDeviceTests` through the built binary.
@Suite("TriageFleet fleet-export verification")
struct FleetVerifyRunnerTests {
    private func publicKeysFile(_ directory: TemporaryDirectory) throws -> String {
        let keys = FleetPublicKeys(collector: Curve25519.Signing.PrivateKey().publicKey.rawRepresentation,
                                   devices: ["AMB-1": [Curve25519.Signing.PrivateKey().publicKey.rawRepresentation]])
        let url = directory.url.appendingPathComponent("public-keys.json")
        try keys.fileContents.write(to: url)
        return url.path
    }

    @Test("unreadable public keys throw FleetExportError; an existing --decrypt-to file is refused before anything is read")
    func refusedInputs() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: FleetExportError.self) {
            _ = try FleetVerifyRunner.run(directory: directory.url.path, publicKeys: directory.url.appendingPathComponent("none").path,
                                          orgKey: nil, decryptTo: nil) { _ in }
        }
        let existing = directory.url.appendingPathComponent("events.jsonl")
        try Data("keep".utf8).write(to: existing)
        let orgKey = directory.url.appendingPathComponent("org.key").path
        _ = try FleetKeyFile.generate(.organisation, to: orgKey, force: false)
        #expect(throws: (any Error).self) {
            _ = try FleetVerifyRunner.run(directory: directory.url.path, publicKeys: try publicKeysFile(directory), orgKey: orgKey,
                                          decryptTo: existing.path) { _ in Issue.record("no events expected") }
        }
        #expect(try String(contentsOf: existing, encoding: .utf8) == "keep")
    }

    @Test("a directory that is no export: invalid, nothing decrypted, the report says so in text and JSON")
    func notAnExport() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let empty = directory.url.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let report = try FleetVerifyRunner.run(directory: empty.path, publicKeys: try publicKeysFile(directory), orgKey: nil,
                                               decryptTo: nil) { _ in Issue.record("no events expected") }
        #expect(!report.result.isValid)
        #expect(report.counts == nil)
        #expect(!report.eventsToStandardOutput)
        #expect(report.json.hasPrefix(#"{"valid":false,"source":"fleet-export","path":""# + empty.standardizedFileURL.path))
        #expect(report.json.contains(#""decrypted":null"#))
        let lines = report.text(Localizer(language: .en))
        #expect(lines.count >= 3)
        #expect(lines.contains { $0.contains(empty.standardizedFileURL.path) })
    }
}
