import AuditFormat
import CaseWire
import Foundation
import StrokeRelay
import Testing

/// What the relay refuses, over real HTTP: nobody reaches a case that is not theirs.
@Suite("relay refusals")
struct RelayRefusalTests {
    static let caseJSON = RelayCaseTests.caseJSON

    @Test("unsigned, badly signed and unknown senders are refused with 401 and their codes")
    func unsigned() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let sent = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys)
            let unsigned = try await relay.device(device, "POST", RelayPaths.cases, body: sent.body, signed: false)
            #expect(unsigned.status == 401)
            #expect(refusalCode(unsigned) == "signature.missing")
            let stranger = SimulatedDevice(name: "AMB-99")
            let unknown = try await relay.device(stranger, "POST", RelayPaths.cases, body: sent.body)
            #expect(unknown.status == 401)
            #expect(refusalCode(unknown) == "device.unknown")
            // AMB-12's name with another key.
            let impostor = SimulatedDevice(name: "AMB-12")
            let forged = try await relay.device(impostor, "GET", RelayPaths.hospital("H1"))
            #expect(forged.status == 401)
            #expect(refusalCode(forged) == "signature.invalid")
            // An unsigned list, an unregistered hospital and a hospital with the wrong key.
            let bare = try await relay.client.send(method: "GET", path: RelayPaths.hospitalCases)
            #expect(bare.status == 401)
            let ghost = try await relay.hospital("H9", keys: HospitalKeyPair(), "GET", RelayPaths.hospitalCases)
            #expect(ghost.status == 401)
            #expect(refusalCode(ghost) == "hospital.unknown")
            let wrongKey = try await relay.hospital("H1", keys: HospitalKeyPair(), "GET", RelayPaths.hospitalCases)
            #expect(wrongKey.status == 401)
            #expect(refusalCode(wrongKey) == "signature.invalid")
            // A device key cannot list a hospital's cases.
            let headers = try HospitalRequestSignature.sign(method: "GET", path: RelayPaths.hospitalCases, body: Data(),
                                                            hospitalId: "H1", timestampMs: RelayHarness.nowMs(), key: device.key)
            let asDevice = try await relay.client.send(method: "GET", path: RelayPaths.hospitalCases, headers: headers)
            #expect(asDevice.status == 401)
        }
    }

    @Test("a replayed request (same nonce) is refused and changes nothing")
    func replayed() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let sent = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys, eta: 20)
            let body = try JSONEncoder().encode(EtaUpdateRequest(etaMinutes: 3))
            let nonce = RequestSignature.makeNonce()
            let path = RelayPaths.eta(caseId: sent.caseId)
            let headers = try RequestSignature.sign(method: "POST", path: path, body: body, device: device.name,
                                                    timestampMs: RelayHarness.nowMs(), nonce: nonce, key: device.key)
            #expect(try await relay.client.send(method: "POST", path: path, body: body, headers: headers).status == 200)
            let replay = try await relay.client.send(method: "POST", path: path, body: body, headers: headers)
            #expect(replay.status == 401)
            #expect(refusalCode(replay) == "request.replayed")
            // A stale timestamp is refused too.
            let old = try RequestSignature.sign(method: "POST", path: path, body: body, device: device.name,
                                                timestampMs: RelayHarness.nowMs() - 3_600_000, nonce: RequestSignature.makeNonce(),
                                                key: device.key)
            let stale = try await relay.client.send(method: "POST", path: path, body: body, headers: old)
            #expect(refusalCode(stale) == "request.stale")
        }
    }

    @Test("another device's case answers 404 case.unknown, exactly like a missing one")
    func otherDevicesCase() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let owner = SimulatedDevice(name: "AMB-12")
            let other = SimulatedDevice(name: "AMB-13")
            try await relay.add(owner)
            try await relay.add(other)
            let sent = try await relay.send(Self.caseJSON, from: owner, to: "H1", keys: keys, eta: 20)
            let eta = try JSONEncoder().encode(EtaUpdateRequest(etaMinutes: 1))
            let foreign = try await relay.device(other, "POST", RelayPaths.eta(caseId: sent.caseId), body: eta)
            #expect(foreign.status == 404)
            #expect(refusalCode(foreign) == "case.unknown")
            let cancel = try await relay.device(other, "POST", RelayPaths.status(caseId: sent.caseId),
                                                body: try JSONEncoder().encode(StatusUpdateRequest(status: .cancelled)))
            #expect(cancel.status == 404)
            let missing = try await relay.device(other, "POST", RelayPaths.eta(caseId: String(repeating: "a", count: 32)), body: eta)
            #expect(missing.status == 404)
            #expect(missing.body == foreign.body)
            // Re-sending the owner's body from another device is a conflict, not a takeover.
            let takeover = try await relay.device(other, "POST", RelayPaths.cases, body: sent.body)
            #expect(takeover.status == 409)
            #expect(try await relay.list("H1", keys: keys).first?.etaMinutes == 20)
            #expect(try await relay.list("H1", keys: keys).first?.device == "AMB-12")
        }
    }

    @Test("a hospital lists only its own cases and cannot archive another's; a case to an unknown hospital is 404")
    func otherHospitals() async throws {
        try await RelayHarness.run { relay in
            let h1 = try await relay.addHospital("H1")
            let h2 = try await relay.addHospital("H2")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let sent = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: h1)
            #expect(try await relay.list("H1", keys: h1).map(\.caseId) == [sent.caseId])
            #expect(try await relay.list("H2", keys: h2).isEmpty)
            let archive = try await relay.hospital("H2", keys: h2, "POST", RelayPaths.archive(caseId: sent.caseId))
            #expect(archive.status == 404)
            #expect(refusalCode(archive) == "case.unknown")
            #expect(try await relay.list("H1", keys: h1).first?.status == .inTransit)
            let nowhere = try await relay.send(Self.caseJSON, from: device, to: "H9", keys: h1)
            #expect(nowhere.answer.status == 404)
            #expect(refusalCode(nowhere.answer) == "hospital.unknown")
        }
    }

    @Test("a body over the limit is refused with 413 before it is read whole; a malformed body with 400")
    func bodyLimits() async throws {
        try await RelayHarness.run(maxBodyBytes: 4_096) { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let big = Data(#"{"module":"full","pad":""#.utf8) + Data(repeating: 0x61, count: 8_000) + Data(#""}"#.utf8)
            let oversize = try await relay.send(big, from: device, to: "H1", keys: keys)
            #expect(oversize.answer.status == 413)
            #expect(refusalCode(oversize.answer) == "body.tooLarge")
            let malformed = try await relay.device(device, "POST", RelayPaths.cases, body: Data(#"{"caseId":"x"}"#.utf8))
            #expect(malformed.status == 400)
            #expect(refusalCode(malformed) == "request.malformed")
            #expect(try await relay.list("H1", keys: keys).isEmpty)
        }
    }

    @Test("a case whose body repeats a member is malformed, never first or last wins (issue 34)")
    func repeatedMember() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            _ = try await relay.addHospital("H2")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let caseId = CaseIdentifiers.makeCaseId()
            let sealed = try SealedCase.seal(caseJSON: Self.caseJSON, caseId: caseId, hospitalId: "H1",
                                             device: device.name, signingKey: device.key, to: keys.publicKey, sentMs: RelayHarness.nowMs())
            let request = CaseCreateRequest(caseId: caseId, hospitalId: "H1", urgency: .urgent, etaMinutes: 5, sealed: sealed)
            let body = try JSONEncoder().encode(request)
            let twice = Data("{\"hospitalId\":\"H2\",".utf8) + body.dropFirst()
            let answer = try await relay.device(device, "POST", RelayPaths.cases, body: twice)
            #expect(answer.status == 400)
            #expect(refusalCode(answer) == "request.malformed")
            #expect(try await relay.list("H1", keys: keys).isEmpty)
        }
    }
}
