import Crypto
import FleetExport
import Foundation
import Testing

/// The pure parts of the fleet export: the date range, key files and the public-keys file.
@Suite("fleet export parts")
struct FleetExportUnitTests {
    @Test("a day range covers the whole UTC days; ISO times are exact; a bad date or a reversed range names the flag")
    func ranges() throws {
        let days = try FleetExportRange.parse(from: "2026-11-01", to: "2026-11-30").get()
        #expect(days.fromMs == 1_793_491_200_000)
        #expect(days.toMs == 1_796_083_200_000 - 1)
        let times = try FleetExportRange.parse(from: "2026-11-01T08:00:00Z", to: "2026-11-01T09:30:00.250+01:00").get()
        #expect(times.fromMs == 1_793_520_000_000)
        #expect(times.toMs == 1_793_521_800_250)
        #expect(FleetExportRange.parse(from: "2026-02-30", to: "2026-03-01") == .failure(.init(flag: "--from", value: "2026-02-30")))
        #expect(FleetExportRange.parse(from: "2026-11-02", to: "2026-11-01") == .failure(.init(flag: "--to", value: "2026-11-01")))
        #expect(FleetExportRange.parse(from: "yesterday", to: "2026-11-01") == .failure(.init(flag: "--from", value: "yesterday")))
    }

    @Test("key files are 0600, refused when others can read them, and never overwritten without force")
    func keyFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collector.key").path
        let printed = try FleetKeyFile.generate(.collector, to: path, force: false)
        let key = try FleetKeyFile.collectorKey(path)
        #expect(key.publicKey.rawRepresentation.base64EncodedString() == printed)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains(printed))
        #expect(throws: FleetExportError.self) { try FleetKeyFile.generate(.collector, to: path, force: false) }
        #expect(throws: FleetExportError(.keyFileInvalid, path)) { try FleetKeyFile.organisationKey(path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(throws: FleetExportError(.keyFilePermissions, path)) { try FleetKeyFile.collectorKey(path) }
    }

    @Test("the public-keys file round-trips one key as a string and several as a sorted array")
    func publicKeys() throws {
        let collector = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
        let one = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
        let two = [Curve25519.Signing.PrivateKey().publicKey.rawRepresentation, Curve25519.Signing.PrivateKey().publicKey.rawRepresentation]
        let keys = FleetPublicKeys(collector: collector, devices: ["AMB-1": [one], "AMB-2": two])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: path) }
        try keys.fileContents.write(to: path)
        let text = try String(contentsOf: path, encoding: .utf8)
        #expect(text.hasPrefix("{\"collector\":\"\(collector.base64EncodedString())\",\"devices\":{\"AMB-1\":\"\(one.base64EncodedString())\""))
        let read = try FleetPublicKeys(contentsOf: path.path)
        #expect(read.collector == collector)
        #expect(read.devices["AMB-1"] == [one])
        #expect(Set(read.devices["AMB-2"] ?? []) == Set(two))
        try Data("{\"collector\":\"nope\",\"devices\":{}}".utf8).write(to: path)
        #expect(throws: FleetExportError(.publicKeysInvalid, "\(path.path): collector")) { try FleetPublicKeys(contentsOf: path.path) }
    }
}
