import AuditFormat
import Crypto
import Foundation
import StrokeAudit
import StrokeCollector
import StrokeJSON
import TestScratch
import Testing
import TestJSON

/// `stroke-triage audit push` as an ambulance runs it: the real binary, a
/// real audit log in a temporary directory, libcurl, and a collector on a
/// real port over the throwaway PostgreSQL cluster.
@Suite("device push (stroke-triage audit push)")
struct DevicePushTests {
    @Test("first push sends every record; a second push accepts 0; --status before and after")
    func firstAndSecondPush() async throws {
        try await LiveCollector.run { collector in
            let device = DeviceHome()
            let head = try device.record(4)
            _ = try await collector.store.addDevice(name: device.name, publicKey: try device.publicKey())

            let before = try await device.push(collector.url, ["--status", "--json"])
            #expect(before.status == 0, "\(before.stderr)")
            let b = try before.json()
            #expect(b["reachable"].boolValue == true)
            #expect(b["localHead"].intValue == Int(head))
            #expect(b["acknowledgedHead"].intValue == 0)
            #expect(b["acknowledgedSource"].stringValue == "collector")
            #expect(b["pending"].intValue == Int(head))

            let first = try await device.push(collector.url, ["--json"])
            #expect(first.status == 0, "\(first.stderr)")
            let f = try first.json()
            #expect(f["accepted"].intValue == Int(head))
            #expect(f["pending"].intValue == 0)
            #expect(f["acknowledgedHead"].intValue == Int(head))
            #expect(try await collector.headSequence(device.name) == head)

            let second = try await device.push(collector.url, ["--json"])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(try second.json()["accepted"].intValue == 0)
            #expect(try await collector.headSequence(device.name) == head)

            let after = try await device.push(collector.url, ["--status"])
            #expect(after.status == 0)
            #expect(after.stdout.contains("Local head: sequence \(head)."))
            #expect(after.stdout.contains("Acknowledged by the collector: sequence \(head)."))
            #expect(after.stdout.contains("Pending: 0 records."))
            #expect(try await collector.store.incidents().isEmpty)
        }
    }

    @Test("--batch-size 2 pushes in several requests and resumes where the collector stands")
    func multiBatch() async throws {
        try await LiveCollector.run { collector in
            let device = DeviceHome()
            let head = try device.record(5)
            _ = try await collector.store.addDevice(name: device.name, publicKey: try device.publicKey())
            let pushed = try await device.push(collector.url, ["--batch-size", "2", "--json"])
            #expect(pushed.status == 0, "\(pushed.stderr)")
            let p = try pushed.json()
            #expect(p["batches"].intValue == Int((head + 1) / 2))
            #expect(p["accepted"].intValue == Int(head))
            #expect(try await collector.headSequence(device.name) == head)
            // Three more records: only they are sent.
            let newHead = try device.record(3)
            let more = try await device.push(collector.url, ["--batch-size", "2", "--json"])
            #expect(try more.json()["accepted"].intValue == Int(newHead - head))
            #expect(try more.json()["batches"].intValue == 2)
            #expect(try await collector.headSequence(device.name) == newHead)
        }
    }

    @Test("an unreachable collector exits 69 and the records stay pending; missing settings exit 64")
    func unreachableAndUsage() async throws {
        let device = DeviceHome()
        let head = try device.record(2)
        let dead = RefusingPort.url
        let pushed = try await device.push(dead)
        #expect(pushed.status == 69)
        #expect(pushed.stderr.contains("push.unreachable"))
        let status = try await device.push(dead, ["--status", "--json"])
        #expect(status.status == 0)
        let s = try status.json()
        #expect(s["reachable"].boolValue == false)
        #expect(s["pending"].intValue == Int(head))
        #expect(try await device.run(["audit", "push", "--status"]).status == 64)
        // No log yet: nothing to sign with, so the collector is not asked.
        let fresh = try await DeviceHome().push(dead, ["--status", "--json"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(try fresh.json()["reachable"].isNull)
        #expect(try fresh.json()["pending"].intValue == 0)
        let noDevice = try await device.run(["audit", "push", "--collector", dead])
        #expect(noDevice.status == 64)
        #expect(noDevice.stderr.contains("push.deviceMissing"))
        #expect(try await device.run(["audit", "push", "--collector", "ftp://x", "--device-name", "A"]).status == 64)
        #expect(try await device.push(dead, ["--batch-size", "0"]).status == 64)
    }

    @Test("a collector holding another history refuses with 409: exit 65 with the reason, recorded as an incident")
    func forkRefused() async throws {
        try await LiveCollector.run { collector in
            let device = DeviceHome()
            try device.record(3)
            _ = try await collector.store.addDevice(name: device.name, publicKey: try device.publicKey())
            #expect(try await device.push(collector.url).status == 0)
            // The same keys with another log of 5 records: its signed head names another log id than the one
            // bound to the device at its first push (and its record 4 does not follow the stored record 3).
            let impostor = DeviceHome(name: device.name)
            try FileManager.default.createDirectory(at: impostor.location.keyFile.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: device.location.keyFile, to: impostor.location.keyFile)
            // A key file that signed a log starts another only explicitly (audit init --new-log, recorded).
            try AuditLog.withLog(impostor.location, context: AuditLog.Context(operator: "test", appVersion: "test"), newLog: true) { _ in }
            try impostor.record(5)
            let refused = try await impostor.push(collector.url)
            #expect(refused.status == 65)
            #expect(refused.stderr.contains("log.foreign"))
            #expect(refused.stderr.contains("HTTP 409"))
            #expect(try await collector.headSequence(device.name) == 3)
            #expect(try await collector.store.incidents(deviceName: device.name).map(\.reason) == ["log.foreign"])
        }
    }

    @Test("--status shows the remembered acknowledged head once the collector is gone")
    func statusRemembers() async throws {
        let device = DeviceHome()
        let head = try device.record(3)
        let url = LockedURL()
        try await LiveCollector.run { collector in
            _ = try await collector.store.addDevice(name: device.name, publicKey: try device.publicKey())
            #expect(try await device.push(collector.url).status == 0)
            url.set(collector.url)
        }
        try device.record(2)
        let status = try await device.push(url.get(), ["--status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        let s = try status.json()
        #expect(s["reachable"].boolValue == false)
        #expect(s["acknowledgedHead"].intValue == Int(head))
        #expect(s["acknowledgedSource"].stringValue == "remembered")
        #expect(s["pending"].intValue == 2)
        let pushed = try await device.push(url.get())
        #expect(pushed.status == 69)
    }

    @Test("an unknown device is refused (exit 1) with a hint to register its key")
    func unknownDevice() async throws {
        try await LiveCollector.run { collector in
            let device = DeviceHome()
            try device.record(1)
            let refused = try await device.push(collector.url)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("device.unknown"))
            #expect(refused.stderr.contains("audit public-key"))
        }
    }
}

/// A URL handed out of a collector's lifetime.
final class LockedURL: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""

    func set(_ url: String) { lock.withLock { value = url } }
    func get() -> String { lock.withLock { value } }
}
