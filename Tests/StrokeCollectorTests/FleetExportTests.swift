import AuditFormat
import Crypto
import FleetExport
import Foundation
import StrokeCollector
import StrokeJSON
import Testing
import TestJSON

/// The regulator export end to end: devices push sealed logs with wrapped keys, the real
/// `stroke-triage-server` writes a signed export, and the real `stroke-triage audit verify
/// --fleet-export` verifies it offline, detects any flipped byte, and decrypts with the org key.
@Suite("fleet export")
struct FleetExportTests {
    @Test("an export of two devices verifies offline, is byte-identical when repeated, and decrypts with the org key")
    func exportVerifiesAndDecrypts() async throws {
        try await CollectorHarness.run { harness in
            let work = try FleetBinaries.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let fleet = try await FleetFixture.make(harness, work: work)
            let keys = work.appendingPathComponent("public-keys.json").path
            let listed = try await FleetBinaries.server(["collector", "public-keys", "--database", fleet.database,
                                                   "--signing-key", fleet.collectorKey, "--out", keys])
            #expect(listed.status == 0, "\(listed.stderr)")
            let export = work.appendingPathComponent("export").path
            let exported = try await FleetBinaries.server(fleet.exportArguments(out: export))
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stdout.contains("exported 2 device(s), 8 record(s) in range"))

            let verified = try await FleetBinaries.cli(["audit", "verify", "--fleet-export", export, "--public-keys", keys, "--json"])
            #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
            let report = try #require(try JSONValue(parsing: Data(verified.stdout.utf8)).object)
            #expect(report["valid"].boolValue == true)
            let devices = try #require(report["devices"].arrayValue)
            #expect(devices.map { $0["name"].stringValue } == ["AMB-12", "AMB-7"])
            #expect(devices.map { $0["recordsInRange"].intValue } == [4, 4])
            #expect(devices.map { $0["headSequence"].intValue } == [8, 7])
            let text = try await FleetBinaries.cli(["audit", "verify", "--fleet-export", export, "--public-keys", keys])
            #expect(text.stdout.contains("AMB-12: valid; 4 record(s) in range, chain proven to signed head 8"))

            // The same state exports byte-identical files.
            let again = work.appendingPathComponent("again").path
            await #expect(try FleetBinaries.server(fleet.exportArguments(out: again)).status == 0)
            for file in try FleetBinaries.files(in: export) {
                #expect(FileManager.default.contents(atPath: export + "/" + file) == FileManager.default.contents(atPath: again + "/" + file),
                        "\(file) differs")
            }
            // A non-empty directory is refused without --force.
            await #expect(try FleetBinaries.server(fleet.exportArguments(out: export)).status == 73)
            await #expect(try FleetBinaries.server(fleet.exportArguments(out: export) + ["--force"]).status == 0)

            // With the organisation key: every record in range opens, except those whose key the device erased.
            let events = work.appendingPathComponent("events.jsonl").path
            let opened = try await FleetBinaries.cli(["audit", "verify", "--fleet-export", export, "--public-keys", keys,
                                                "--org-key", fleet.orgKey, "--decrypt-to", events])
            #expect(opened.status == 0, "\(opened.stdout)\(opened.stderr)")
            #expect(opened.stdout.contains("Decrypted 6 record(s); 2 erased; 0 not openable"))
            let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 8)
            let first = try #require(try JSONValue(parsing: Data(lines[0].utf8)).object)
            #expect(first["device"].stringValue == "AMB-12")
            #expect(first["sequence"].intValue == 2)
            #expect(first["status"].stringValue == "ok")
            #expect((first["event"].object)?["operator"].stringValue == "medic-1")
            #expect(lines.filter { $0.contains("\"status\":\"erased\"") }.count == 2)
            #expect(lines.filter { $0.contains("\"device\":\"AMB-7\"") && $0.contains("\"dataKeyId\":\"a-1\"") }
                .allSatisfy { $0.contains("\"event\":null") })
            var info = stat()
            #expect(stat(events, &info) == 0 && info.st_mode & 0o777 == 0o600)
            // Without --decrypt-to the events go to stdout and the report to stderr.
            let piped = try await FleetBinaries.cli(["audit", "verify", "--fleet-export", export, "--public-keys", keys, "--org-key", fleet.orgKey])
            #expect(piped.status == 0)
            #expect(piped.stdout.split(separator: "\n").count == 8)
            #expect(piped.stderr.contains("Fleet export valid"))
        }
    }

    @Test("one flipped byte in any file of the export, or a removed record, is detected and named")
    func tamperingDetected() async throws {
        try await CollectorHarness.run { harness in
            let work = try FleetBinaries.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let fleet = try await FleetFixture.make(harness, work: work)
            let keys = work.appendingPathComponent("public-keys.json").path
            await #expect(try FleetBinaries.server(["collector", "public-keys", "--database", fleet.database,
                                              "--signing-key", fleet.collectorKey, "--out", keys]).status == 0)
            let export = work.appendingPathComponent("export").path
            await #expect(try FleetBinaries.server(fleet.exportArguments(out: export)).status == 0)
            let files = try FleetBinaries.files(in: export)
            #expect(files.count == 12)
            for file in files {
                let path = export + "/" + file
                let original = try Data(contentsOf: URL(fileURLWithPath: path))
                #expect(original.count > 2, "\(file) is empty")
                guard original.count > 2 else { continue }
                for offset in [0, original.count / 2, original.count - 2] {
                    var flipped = original
                    flipped[offset] ^= 0x04
                    try flipped.write(to: URL(fileURLWithPath: path))
                    let result = try await FleetBinaries.cli(["audit", "verify", "--fleet-export", export, "--public-keys", keys, "--json"])
                    #expect(result.status == 65, "\(file) byte \(offset) flipped was not detected")
                    #expect(result.stdout.contains("\"valid\":false"))
                }
                try original.write(to: URL(fileURLWithPath: path))
            }
            await #expect(try FleetBinaries.cli(["audit", "verify", "--fleet-export", export, "--public-keys", keys]).status == 0)

            // One record removed from a device's records file: its manifest hash no longer matches.
            let records = export + "/devices/AMB-12/records.jsonl"
            let original = try String(contentsOfFile: records, encoding: .utf8)
            var lines = original.split(separator: "\n", omittingEmptySubsequences: false)
            lines.remove(at: 2)
            try lines.joined(separator: "\n").write(toFile: records, atomically: true, encoding: .utf8)
            let removed = try await FleetBinaries.cli(["audit", "verify", "--fleet-export", export, "--public-keys", keys])
            #expect(removed.status == 65)
            #expect(removed.stdout.contains("AMB-12: NOT valid; devices/AMB-12/records.jsonl: check file.hash failed"))
            #expect(removed.stdout.contains("AMB-7: valid"))
            // Wrong public keys: the collector's signature fails.
            let wrongKeys = FleetPublicKeys(collector: Curve25519.Signing.PrivateKey().publicKey.rawRepresentation,
                                            devices: try FleetPublicKeys(contentsOf: keys).devices)
            let wrong = work.appendingPathComponent("wrong-keys.json")
            try wrongKeys.fileContents.write(to: wrong)
            try original.write(toFile: records, atomically: true, encoding: .utf8)
            let unsigned = try await FleetBinaries.cli(["audit", "verify", "--fleet-export", export, "--public-keys", wrong.path])
            #expect(unsigned.status == 65)
            #expect(unsigned.stdout.contains("fleet-manifest.sig: check fleet.signature failed"))
            await #expect(try FleetBinaries.cli(["audit", "verify", "--fleet-export", export]).status == 64)
        }
    }

    @Test("an export whose collector signed a chain with a gap is caught by the verifier")
    func signedGapCaught() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 8)
            #expect(try await harness.push(log, from: device).status == 200)
            let range = try FleetExportRange.parse(from: "2026-01-01", to: "2030-12-31").get()
            let content = try #require(try await harness.store.exportContent(range: range, deviceName: nil).first)
            #expect(content.records.count == 8)
            // A database attacker deleted record 4: the collector signs what it reads, the verifier finds the gap.
            var records = content.records
            records.remove(at: 3)
            let gapped = FleetDeviceContent(
                name: content.name, logId: content.logId, rangeFirstSequence: content.rangeFirstSequence,
                rangeLastSequence: content.rangeLastSequence, headSequence: content.headSequence, headHash: content.headHash,
                records: records, links: content.links, heads: content.heads, wrappedKeys: content.wrappedKeys,
                erasedKeyIds: content.erasedKeyIds)
            let key = Curve25519.Signing.PrivateKey()
            let directory = try FleetBinaries.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try FleetExportWriter.write(devices: [gapped], fromMs: range.fromMs, toMs: range.toMs, signingKey: key,
                                        to: directory.path, force: true)
            let keys = FleetPublicKeys(collector: key.publicKey.rawRepresentation, devices: ["AMB-12": [device.key.publicKey.rawRepresentation]])
            let result = FleetExportVerifier.verify(directory: directory, keys: keys)
            #expect(!result.isValid)
            #expect(result.devices.first?.problem?.check == "chain.gap")
            #expect(result.devices.first?.problem?.file == "devices/AMB-12/records.jsonl")
            // The same export without the gap verifies.
            try FleetExportWriter.write(devices: [content], fromMs: range.fromMs, toMs: range.toMs, signingKey: key,
                                        to: directory.path, force: true)
            #expect(FleetExportVerifier.verify(directory: directory, keys: keys).isValid)
        }
    }
}
