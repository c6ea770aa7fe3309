import AuditFormat
import Crypto
import Foundation
import StrokeCollector
import Testing

/// Pushes through the HTTP routes into a real PostgreSQL cluster: accepted,
/// idempotent, and every hostile push refused with its reason and listed as an incident.
@Suite("collector pushes")
struct CollectorPushTests {
    @Test("a signed push is stored and acknowledged with the new head")
    func signedPushAccepted() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 5)
            let answer = try await harness.push(log, from: device)
            #expect(answer.status == 200)
            #expect(answer.ack == PushAcknowledgement(accepted: 5, duplicates: 0,
                                                      head: PushHead(sequence: 5, hash: log[4].hash)))
            let more = SimulatedDevice.log(count: 8, from: log)
            #expect(try await harness.push(more[5...], from: device).ack?.accepted == 3)
            #expect(try await harness.store.listDevices().first?.headSequence == 8)
            #expect(try await harness.store.incidents().isEmpty)
        }
    }

    @Test("re-pushing the same records changes nothing; an overlapping push stores only the new ones")
    func idempotentRepush() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 7)
            #expect(try await harness.push(log[0..<5], from: device).ack?.accepted == 5)
            let again = try await harness.push(log[0..<5], from: device)
            #expect(again.status == 200)
            #expect(again.ack == PushAcknowledgement(accepted: 0, duplicates: 5, head: PushHead(sequence: 5, hash: log[4].hash)))
            let overlap = try await harness.push(log[2..<7], from: device)
            #expect(overlap.ack == PushAcknowledgement(accepted: 2, duplicates: 3, head: PushHead(sequence: 7, hash: log[6].hash)))
            #expect(try await harness.store.listDevices().first?.headSequence == 7)
            #expect(try await harness.store.incidents().isEmpty)
        }
    }

    @Test("the very same request sent twice is refused as a replay")
    func replayRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let body = device.body(SimulatedDevice.log(count: 2), head: SimulatedDevice.log(count: 2).last)
            let headers = device.headers(for: body)
            #expect(try await harness.push(body, headers: headers).status == 200)
            let replay = try await harness.push(body, headers: headers)
            #expect(replay.status == 401)
            #expect(replay.code == "request.replayed")
            #expect(try await harness.incidentReasons("AMB-12") == ["request.replayed"])
        }
    }

    @Test("a request signed an hour ago is refused as stale")
    func staleTimestampRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let body = device.body(SimulatedDevice.log(count: 1), head: SimulatedDevice.log(count: 1).last)
            let old = Int64(Date().timeIntervalSince1970 * 1000) - 3_600_000
            let answer = try await harness.push(body, headers: device.headers(for: body, timestampMs: old))
            #expect(answer.status == 401)
            #expect(answer.code == "request.stale")
            #expect(try await harness.incidentReasons("AMB-12") == ["request.stale"])
        }
    }

    @Test("a forged signature, a changed body and missing headers are refused")
    func forgedSignatureRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 2)
            let body = device.body(log, head: log.last)
            let forged = try await harness.push(body, headers: device.headers(for: body, signingKey: Curve25519.Signing.PrivateKey()))
            #expect(forged.status == 401)
            #expect(forged.code == "signature.invalid")
            let changed = device.body(log[0..<1], head: log.last)
            #expect(try await harness.push(changed, headers: device.headers(for: body)).code == "signature.invalid")
            var unsigned = device.headers(for: body)
            unsigned[.init(RequestSignature.signatureHeader)!] = nil
            let missing = try await harness.push(body, headers: unsigned)
            #expect(missing.status == 401)
            #expect(missing.code == "signature.missing")
            #expect(try await harness.incidentReasons("AMB-12") == ["signature.invalid", "signature.invalid", "signature.missing"])
            #expect(try await harness.store.incidents(deviceName: "AMB-12").allSatisfy { !$0.verified })
            #expect(try await harness.store.listDevices().first?.headSequence == 0)
        }
    }

    @Test("a suspended device's push is refused")
    func suspendedDeviceRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            try await harness.store.setStatus(name: "AMB-12", to: "suspended")
            let answer = try await harness.push(SimulatedDevice.log(count: 2), from: device)
            #expect(answer.status == 403)
            #expect(answer.code == "device.suspended")
            let incidents = try await harness.store.incidents(deviceName: "AMB-12")
            #expect(incidents.map(\.reason) == ["device.suspended"])
            #expect(incidents.first?.verified == true)
        }
    }

    @Test("a gap is refused with 409 and nothing is stored")
    func gapRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 6)
            #expect(try await harness.push(log[0..<3], from: device).status == 200)
            let answer = try await harness.push(log[4..<6], from: device)
            #expect(answer.status == 409)
            #expect(answer.code == "chain.gap")
            #expect(try await harness.store.listDevices().first?.headSequence == 3)
            let incident = try #require(try await harness.store.incidents(deviceName: "AMB-12").first)
            #expect(incident.reason == "chain.gap")
            #expect(incident.detail == "stored head 3; batch 5–6; device head 6")
        }
    }

    @Test("a fork (a different record at a stored sequence, or a new record not linked to the head) is refused")
    func forkRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 3)
            #expect(try await harness.push(log, from: device).status == 200)
            let other = SimulatedDevice.log(count: 4, variant: 0x5a)
            let rewritten = try await harness.push(other[2..<4], from: device)
            #expect(rewritten.status == 409)
            #expect(rewritten.code == "chain.fork")
            let unlinked = try await harness.push(other[3..<4], from: device)
            #expect(unlinked.code == "chain.fork")
            let sameHeadOtherHash = try await harness.push(other[0..<0], from: device, head: other[2])
            #expect(sameHeadOtherHash.code == "chain.fork")
            #expect(try await harness.incidentReasons("AMB-12") == ["chain.fork", "chain.fork", "chain.fork"])
            #expect(try await harness.store.listDevices().first?.headSequence == 3)
        }
    }

    @Test("a device head before the stored head is refused as a rollback")
    func rollbackRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 5)
            #expect(try await harness.push(log, from: device).status == 200)
            let answer = try await harness.push(log[0..<3], from: device)
            #expect(answer.status == 409)
            #expect(answer.code == "chain.rollback")
            #expect(try await harness.incidentReasons("AMB-12") == ["chain.rollback"])
        }
    }

    @Test("a batch whose record does not match its hash is refused")
    func tamperedBatchRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            var log = SimulatedDevice.log(count: 2)
            let r = log[1]
            log[1] = AuditRecord(sequence: r.sequence, timestampMs: r.timestampMs + 1, type: r.type, dataKeyId: r.dataKeyId,
                                ciphertext: r.ciphertext, previousHash: r.previousHash, hash: r.hash)
            let answer = try await harness.push(log, from: device)
            #expect(answer.status == 422)
            #expect(answer.code == "chain.invalid")
            #expect(try await harness.incidentReasons("AMB-12") == ["chain.invalid"])
        }
    }

    @Test("a 100 MB body and an over-long batch are refused with 413")
    func oversizeRefused() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let huge = Data(count: 100 << 20)
            let answer = try await harness.push(huge, headers: device.headers(for: Data()))
            #expect(answer.status == 413)
            #expect(answer.code == "body.tooLarge")
            let log = SimulatedDevice.log(count: 101)
            let batch = try await harness.push(log, from: device)
            #expect(batch.status == 413)
            #expect(batch.code == "batch.tooLarge")
            #expect(try await harness.incidentReasons("AMB-12") == ["body.tooLarge", "batch.tooLarge"])
            #expect(try await harness.store.listDevices().first?.headSequence == 0)
        }
    }

    @Test("an unknown device is refused and its claimed name is listed")
    func unknownDeviceRefused() async throws {
        try await CollectorHarness.run { harness in
            let answer = try await harness.push(SimulatedDevice.log(count: 1), from: SimulatedDevice(name: "AMB-77"))
            #expect(answer.status == 401)
            #expect(answer.code == "device.unknown")
            let incidents = try await harness.store.incidents(deviceName: "AMB-77")
            #expect(incidents.map(\.reason) == ["device.unknown"])
            #expect(incidents.first?.verified == false)
        }
    }
}
