import Crypto
import Foundation
import PostgresServerKit
import StrokeCollector
import Testing

/// Device administration against a real PostgreSQL cluster.
@Suite("collector devices")
struct CollectorDeviceTests {
    @Test("add, list, suspend, resume and remove a device; names and keys are checked")
    func deviceLifecycle() async throws {
        try await CollectorHarness.run { harness in
            let store = harness.store
            let amb12 = SimulatedDevice(name: "AMB-12"), amb03 = SimulatedDevice(name: "AMB-03")
            try await harness.add(amb12)
            try await harness.add(amb03)
            #expect(try await store.listDevices().map(\.name) == ["AMB-03", "AMB-12"])
            #expect(try await store.listDevices().map(\.status) == ["active", "active"])
            #expect(try await store.listDevices().first?.publicKey == amb03.publicKey)

            await #expect(throws: CollectorError.deviceExists("AMB-12")) {
                try await store.addDevice(name: "AMB-12", publicKey: SimulatedDevice(name: "x").publicKey)
            }
            await #expect(throws: CollectorError.publicKeyInUse("AMB-12")) {
                try await store.addDevice(name: "AMB-99", publicKey: amb12.publicKey)
            }
            await #expect(throws: CollectorError.publicKeyInvalid) {
                try await store.addDevice(name: "AMB-98", publicKey: "not-a-key")
            }
            await #expect(throws: CollectorError.deviceNameInvalid("AMB 97")) {
                try await store.addDevice(name: "AMB 97", publicKey: SimulatedDevice(name: "y").publicKey)
            }

            try await store.setStatus(name: "AMB-12", to: "suspended")
            #expect(try await store.listDevices().map(\.status) == ["active", "suspended"])
            try await store.setStatus(name: "AMB-12", to: "active")
            try await store.setStatus(name: "AMB-12", to: "removed")
            #expect(try await store.listDevices().map(\.name) == ["AMB-03"])
            #expect(try await store.listDevices(includeRemoved: true).map(\.status) == ["active", "removed"])
            await #expect(throws: CollectorError.deviceUnknown("AMB-12")) {
                try await store.setStatus(name: "AMB-12", to: "suspended")
            }
            // A removed device's name can be registered again (a replacement tablet).
            try await harness.add(SimulatedDevice(name: "AMB-12"))
            #expect(try await store.listDevices().map(\.name) == ["AMB-03", "AMB-12"])
        }
    }

    @Test("migrations run once, also when asked again")
    func migrationsAreIdempotent() async throws {
        try await CollectorHarness.run { harness in
            try await harness.store.migrate()
            try await harness.store.migrate()
            #expect(try await harness.store.listDevices().isEmpty)
        }
    }

    @Test("a removed device can no longer push; its records stay")
    func removedDeviceCannotPush() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-20")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 3)
            #expect(try await harness.push(log, from: device).status == 200)
            try await harness.store.setStatus(name: "AMB-20", to: "removed")
            let answer = try await harness.push(log, from: device)
            #expect(answer.status == 401)
            #expect(answer.code == "device.unknown")
            #expect(try await harness.store.listDevices(includeRemoved: true).first?.headSequence == 3)
        }
    }
}
