import AuditFormat
import Crypto
import Foundation
import PostgresServerKit
import StrokeAudit
import StrokeCollector
import StrokeJSON
import Testing
import TestJSON
import TestScratch

/// The device side around a push: the background push after an assessment,
/// data keys wrapped to the organisation key, and pushing after `audit rotate-key`.
@Suite("device push: background, organisation key, key rotation")
struct DeviceKeyTests {
    static let coma = ["coma", "--gfap", "500", "--json", "--accept-disclaimer", "--mode", "offline"]

    @Test("a module command exits 0 with the same --json output whether the collector is unreachable or not configured")
    func backgroundPushNeverChangesTheResult() async throws {
        let plain = DeviceHome()
        let configured = DeviceHome()
        try configured.configure(["collector": RefusingPort.url, "device": configured.name])
        let without = try await plain.runBinary(Self.coma)
        let with = try await configured.runBinary(Self.coma)
        #expect(without.status == 0)
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout == without.stdout)
        #expect(with.stderr == without.stderr)
        #expect(!with.stdout.isEmpty)
        // The detached push ran (it takes its lock beside the key file) and left the records pending.
        let lock = configured.root.appendingPathComponent("state/collector-push.lock")
        try await waitUntil(timeout: .seconds(60), poll: .milliseconds(100), "the detached push's lock file") {
            FileManager.default.fileExists(atPath: lock.path)
        }
        #expect(!FileManager.default.fileExists(atPath: plain.root.appendingPathComponent("state/collector-push.lock").path))
        let status = try await configured.run(["audit", "push", "--status", "--json"])
        #expect(try status.json()["pending"].intValue == Int(try configured.headSequence()))
    }

    @Test("with a reachable collector configured, a module command's records arrive in the background")
    func backgroundPushArrives() async throws {
        try await LiveCollector.run { collector in
            let device = DeviceHome()
            try device.configure(["collector": collector.url, "device": device.name])
            try device.record(1)
            _ = try await collector.store.addDevice(name: device.name, publicKey: try device.publicKey())
            let result = try await device.runBinary(Self.coma)
            #expect(result.status == 0, "\(result.stderr)")
            let head = try device.headSequence()
            #expect(try await collector.waitForHead(device.name, atLeast: head) == head)
        }
    }

    @Test("data keys wrapped to the organisation key open with its private key and decrypt a pushed payload")
    func orgKeyWrapping() async throws {
        let org = Curve25519.KeyAgreement.PrivateKey()
        let device = DeviceHome()
        try device.record(2)
        let context = AuditLog.Context(operator: "test", appVersion: "test")
        try AuditLog.withLog(device.location, context: context) { log in
            let batch = try log.pushBatch(after: 0, limit: 10)
            let record = try #require(batch.records.last)
            let wrapped = try log.wrapDataKeys(batch.records.map(\.dataKeyId), to: org.publicKey)
            #expect(wrapped.map(\.dataKeyId) == Set(batch.records.map(\.dataKeyId)).sorted())
            #expect(wrapped.allSatisfy { $0.orgKeyId == WrappedDataKey.orgKeyId(org.publicKey) })
            let mine = try #require(wrapped.first { $0.dataKeyId == record.dataKeyId })
            let key = try mine.open(with: org)
            let aad = AuditLayout.associatedData(sequence: record.sequence, timestamp: record.timestampMs, type: record.type,
                                                 previousHash: record.previousHash)
            let plain = try AES.GCM.open(AES.GCM.SealedBox(combined: record.ciphertext), using: key, authenticating: aad)
            #expect(String(decoding: plain, as: UTF8.self).contains("\"module\":\"coma\",\"n\":1"))
            // Another key cannot open it, nor can it be moved to another data key id.
            #expect(throws: (any Error).self) { try mine.open(with: Curve25519.KeyAgreement.PrivateKey()) }
            let moved = WrappedDataKey(dataKeyId: "other", orgKeyId: mine.orgKeyId, encapsulatedKey: mine.encapsulatedKey,
                                       ciphertext: mine.ciphertext)
            #expect(throws: (any Error).self) { try moved.open(with: org) }
        }
        // An erased key is never wrapped again.
        try AuditLog.withLog(device.location, context: context) { log in
            let batch = try log.pushBatch(after: 0, limit: 10)
            let id = try #require(batch.records.first?.dataKeyId)
            try log.erase(assessment: id)
            #expect(try log.wrapDataKeys([id], to: org.publicKey).isEmpty)
            #expect(try log.pushBatch(after: 0, limit: 1).erasedKeyIds == [id])
        }
    }

    @Test("audit push with orgPublicKey configured wraps each pushed record's data key; a bad key is a usage error")
    func pushWithOrgKey() async throws {
        try await LiveCollector.run { collector in
            let org = Curve25519.KeyAgreement.PrivateKey()
            let device = DeviceHome()
            try device.record(3)
            _ = try await collector.store.addDevice(name: device.name, publicKey: try device.publicKey())
            try device.configure(["orgPublicKey": org.publicKey.rawRepresentation.base64EncodedString()])
            let pushed = try await device.push(collector.url, ["--json"])
            #expect(pushed.status == 0, "\(pushed.stderr)")
            #expect(try pushed.json()["wrappedKeys"].intValue == 3)
            try device.configure(["orgPublicKey": "not-a-key"])
            let bad = try await device.push(collector.url)
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("push.orgKeyInvalid"))
        }
    }

    @Test("after audit rotate-key the collector accepts the endorsed new key and registers it with the push")
    func pushAfterRotation() async throws {
        try await LiveCollector.run { collector in
            let device = DeviceHome()
            try device.record(2)
            let oldKey = try device.publicKey()
            _ = try await collector.store.addDevice(name: device.name, publicKey: oldKey)
            #expect(try await device.push(collector.url).status == 0)
            for _ in 0..<2 { #expect(try await device.run(["audit", "rotate-key"]).status == 0) }
            let newKey = try device.publicKey()
            #expect(newKey != oldKey)
            let pushed = try await device.push(collector.url, ["--json"])
            #expect(pushed.status == 0, "\(pushed.stderr)")
            #expect(try await collector.headSequence(device.name) == (try device.headSequence()))
            #expect(try await collector.store.listDevices().first?.publicKey == newKey)
            // The next push is signed by the registered key itself.
            try device.record(1)
            #expect(try await device.push(collector.url).status == 0)
            #expect(try await collector.store.incidents().isEmpty)
        }
    }

    @Test("a key the collector cannot follow: exit 1 naming update-device-key; after it the push continues where it stood")
    func keyReplacedByTheAdministrator() async throws {
        try await LiveCollector.run { collector in
            let device = DeviceHome()
            let head = try device.record(2)
            _ = try await collector.store.addDevice(name: device.name, publicKey: try device.publicKey())
            #expect(try await device.push(collector.url).status == 0)
            // The collector holds another key for the device (as after a rotation without endorsements).
            let other = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation.base64EncodedString()
            _ = try await collector.store.updateDeviceKey(name: device.name, publicKey: other)
            try device.record(1)
            let refused = try await device.push(collector.url)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("signature.invalid"))
            #expect(refused.stderr.contains("update-device-key"))
            let updated = try await collector.store.updateDeviceKey(name: device.name, publicKey: try device.publicKey())
            #expect(updated.publicKey == (try device.publicKey()))
            #expect(updated.headSequence == head)
            let pushed = try await device.push(collector.url, ["--json"])
            #expect(pushed.status == 0, "\(pushed.stderr)")
            #expect(try pushed.json()["accepted"].intValue == 1)
            await #expect(throws: CollectorError.self) { _ = try await collector.store.updateDeviceKey(name: "AMB-99", publicKey: other) }
            await #expect(throws: CollectorError.self) { _ = try await collector.store.updateDeviceKey(name: device.name, publicKey: "x") }
        }
    }

    @Test("stroke-triage-server collector update-device-key as an administrator runs it")
    func updateDeviceKeyCommand() async throws {
        let url = try PostgresCluster.shared.get().createDatabase()
        let database = "postgres://collector@localhost:\(url.port)/\(url.database)?host=\(url.socketDirectory!)"
        let (first, second) = (SimulatedDevice(name: "AMB-12").publicKey, SimulatedDevice(name: "AMB-12").publicKey)
        #expect(await ServerBinaryTests.admin(["collector", "add-device", "--database", database, "--name", "AMB-12",
                                               "--public-key", first]).status == 0)
        let updated = await ServerBinaryTests.admin(["collector", "update-device-key", "--database", database, "--name", "AMB-12",
                                                 "--public-key", second])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout == "updated the key of device AMB-12 (active)\n")
        let listed = await ServerBinaryTests.admin(["collector", "list-devices", "--database", database, "--json"])
        #expect(listed.stdout.contains(second))
        let unknown = await ServerBinaryTests.admin(["collector", "update-device-key", "--database", database, "--name", "AMB-99",
                                                 "--public-key", first])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("collector.deviceUnknown"))
    }

    @Test("an endorsement chain reaches only keys each previous key signed, with rising epochs")
    func endorsementChain() throws {
        let k0 = Curve25519.Signing.PrivateKey(), k1 = Curve25519.Signing.PrivateKey(), k2 = Curve25519.Signing.PrivateKey()
        let e1 = try KeyEndorsement.sign(next: k1.publicKey, epoch: 2, with: k0)
        let e2 = try KeyEndorsement.sign(next: k2.publicKey, epoch: 3, with: k1)
        let raw = { (key: Curve25519.Signing.PrivateKey) in key.publicKey.rawRepresentation }
        #expect(KeyEndorsement.reachableKeys(from: raw(k0), chain: [e1, e2]) == [raw(k0), raw(k1), raw(k2)])
        #expect(KeyEndorsement.reachableKeys(from: raw(k1), chain: [e1, e2]) == [raw(k1), raw(k2)])
        #expect(KeyEndorsement.parseHeader(KeyEndorsement.headerValue([e1, e2])) == [e1, e2])
        // A link signed by a stranger, or a changed epoch, reaches nothing.
        let stranger = Curve25519.Signing.PrivateKey()
        let forged = KeyEndorsement(epoch: 2, publicKey: raw(stranger), endorsedBy: raw(k0),
                                    signature: try stranger.signature(for: KeyEndorsement.message(epoch: 2, publicKey: raw(stranger), endorsedBy: raw(k0))))
        #expect(KeyEndorsement.reachableKeys(from: raw(k0), chain: [forged]) == [raw(k0)])
        let changed = KeyEndorsement(epoch: 9, publicKey: e1.publicKey, endorsedBy: e1.endorsedBy, signature: e1.signature)
        #expect(KeyEndorsement.reachableKeys(from: raw(k0), chain: [changed]) == [raw(k0)])
    }
}
