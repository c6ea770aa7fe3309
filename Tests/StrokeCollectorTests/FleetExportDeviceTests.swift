import AuditFormat
import Crypto
import FleetExport
import Foundation
import StrokeAudit
import StrokeCollector
import StrokeJSON
import Testing
import TestJSON

/// The whole chain with real parts: a device's real audit log pushed by the real
/// `stroke-triage audit push` with an organisation key configured (its data keys
/// wrapped by StrokeAudit's `wrapDataKeys`), an erasure on the device, the
/// collector's export, and the real `stroke-triage audit verify --fleet-export --org-key`.
@Suite("fleet export of a real device log")
struct FleetExportDeviceTests {
    @Test("records pushed by audit push with orgPublicKey decrypt from the export; the erased assessment shows as erased")
    func realDeviceDecrypts() async throws {
        try await LiveCollector.run { collector in
            let work = try FleetBinaries.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: work) }
            let orgKey = work.appendingPathComponent("org.key").path
            let keygen = try await FleetBinaries.cli(["audit", "org-keygen", "--out", orgKey])
            #expect(keygen.status == 0, "\(keygen.stderr)")
            let orgPublic = keygen.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

            let device = DeviceHome(name: "AMB-3")
            try device.configure(["collector": collector.url, "device": device.name, "orgPublicKey": orgPublic])
            try device.record(3)
            _ = try await collector.store.addDevice(name: device.name, publicKey: try device.publicKey())
            let first = try await device.push(collector.url)
            #expect(first.status == 0, "\(first.stderr)")
            // The device destroys the first assessment's key and pushes again: the collector deletes its wrapped copy.
            let context = AuditLog.Context(operator: "test", appVersion: "test")
            let erased = try AuditLog.withLog(device.location, context: context) { log -> String in
                let id = try #require(try log.pushBatch(after: 0, limit: 10).records.first { $0.dataKeyId.hasPrefix("a-") }).dataKeyId
                try log.erase(assessment: id)
                return id
            }
            let second = try await device.push(collector.url)
            #expect(second.status == 0, "\(second.stderr)")
            let head = try device.headSequence()

            let range = try FleetExportRange.parse(from: "2000-01-01", to: "2100-12-31").get()
            let content = try await collector.store.exportContent(range: range, deviceName: nil)
            let signing = Curve25519.Signing.PrivateKey()
            let export = work.appendingPathComponent("export")
            try FleetExportWriter.write(devices: content, fromMs: range.fromMs, toMs: range.toMs, signingKey: signing,
                                        to: export.path, force: false)
            let keys = work.appendingPathComponent("public-keys.json")
            let devices = try await collector.store.devicePublicKeys(deviceName: nil)
            try FleetPublicKeys(collector: signing.publicKey.rawRepresentation, devices: devices).fileContents.write(to: keys)

            let opened = try await FleetBinaries.cli(["audit", "verify", "--fleet-export", export.path, "--public-keys", keys.path,
                                                "--org-key", orgKey])
            #expect(opened.status == 0, "\(opened.stdout)\(opened.stderr)")
            let lines = opened.stdout.split(separator: "\n").map { line in
                (try? JSONValue(parsing: Data(line.utf8)).object) ?? .object([])
            }
            #expect(lines.count == Int(head))
            let statuses = Dictionary(grouping: lines, by: { $0["status"].stringValue ?? "?" }).mapValues(\.count)
            #expect(statuses["erased"] == 1)
            #expect(statuses["ok"] == Int(head) - 1)
            let gone = try #require(lines.first { $0["status"].stringValue == "erased" })
            #expect(gone["dataKeyId"].stringValue == erased)
            #expect(gone["event"].isNull)
            let started = lines.filter { $0["type"].stringValue == "assessment.started" && $0["status"].stringValue == "ok" }
            #expect(started.count == 2)
            #expect(started.allSatisfy { (($0["event"].object)?["data"].object)?["module"].stringValue == "coma" })
            #expect(opened.stderr.contains("Fleet export valid"))
        }
    }
}
