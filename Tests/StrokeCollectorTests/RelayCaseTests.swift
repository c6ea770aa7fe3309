import AuditFormat
import CaseWire
import Foundation
import StrokeJSON
import StrokeRelay
import Testing

/// The relay over real HTTP against a real PostgreSQL: sending, idempotence, follow-ups, listing.
@Suite("relay cases")
struct RelayCaseTests {
    static let caseJSON = Data(#"{"module":"full","inputs":{"age":97,"gfap":4321.5,"fastEd":0,"headache":false},"ich":{"probability":0.62},"lvo":null}"#.utf8)

    @Test("a sent case is listed to its hospital; re-sending it answers 200 with the same answer and never duplicates")
    func idempotentSend() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let first = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys)
            #expect(first.answer.status == 201)
            let answer = try JSONDecoder().decode(CaseStatusAnswer.self, from: first.answer.body)
            #expect(answer == CaseStatusAnswer(caseId: first.caseId, status: .inTransit))
            // The queue's retry: the very same body, newly signed.
            let again = try await relay.device(device, "POST", RelayPaths.cases, body: first.body)
            #expect(again.status == 200)
            #expect(again.body == first.answer.body)
            let listed = try await relay.list("H1", keys: keys)
            #expect(listed.map(\.caseId) == [first.caseId])
            #expect(listed[0].device == "AMB-12")
            #expect(listed[0].devicePublicKey == device.key.publicKey.rawRepresentation)
            #expect(listed[0].urgency == .urgent)
            #expect(listed[0].etaMinutes == 12)
            #expect(listed[0].status == .inTransit)
            // The same case id with other content is a conflict, and changes nothing.
            let other = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys, caseId: first.caseId)
            #expect(other.answer.status == 409)
            #expect(refusalCode(other.answer) == "case.conflict")
            #expect(try await relay.list("H1", keys: keys).first?.ciphertext == listed[0].ciphertext)
        }
    }

    @Test("ETA and status updates reach the hospital's list; a closed case refuses further changes; the hospital archives")
    func followUps() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let sent = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys, eta: nil)
            #expect(try await relay.list("H1", keys: keys).first?.etaMinutes == nil)
            let eta = try await relay.device(device, "POST", RelayPaths.eta(caseId: sent.caseId),
                                             body: try JSONEncoder().encode(EtaUpdateRequest(etaMinutes: 7)))
            #expect(eta.status == 200)
            let listed = try #require(try await relay.list("H1", keys: keys).first)
            #expect(listed.etaMinutes == 7)
            #expect(listed.etaUpdatedMs != nil)
            let badEta = try await relay.device(device, "POST", RelayPaths.eta(caseId: sent.caseId), body: Data(#"{"etaMinutes":-1}"#.utf8))
            #expect(badEta.status == 400)
            let arrived = try await relay.device(device, "POST", RelayPaths.status(caseId: sent.caseId),
                                                 body: try JSONEncoder().encode(StatusUpdateRequest(status: .arrived)))
            #expect(arrived.status == 200)
            #expect(try JSONDecoder().decode(CaseStatusAnswer.self, from: arrived.body).status == .arrived)
            let again = try await relay.device(device, "POST", RelayPaths.status(caseId: sent.caseId),
                                               body: try JSONEncoder().encode(StatusUpdateRequest(status: .arrived)))
            #expect(again.status == 200)
            let cancel = try await relay.device(device, "POST", RelayPaths.status(caseId: sent.caseId),
                                                body: try JSONEncoder().encode(StatusUpdateRequest(status: .cancelled)))
            #expect(cancel.status == 409)
            #expect(refusalCode(cancel) == "case.closed")
            let archiveBody = try await relay.device(device, "POST", RelayPaths.status(caseId: sent.caseId),
                                                     body: try JSONEncoder().encode(StatusUpdateRequest(status: .archived)))
            #expect(archiveBody.status == 400)
            let archived = try await relay.hospital("H1", keys: keys, "POST", RelayPaths.archive(caseId: sent.caseId))
            #expect(archived.status == 200)
            #expect(try await relay.list("H1", keys: keys).first?.status == .archived)
        }
    }

    @Test("a device fetches a registered hospital's key; an unknown hospital is 404 hospital.unknown")
    func hospitalKey() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let answer = try await relay.device(device, "GET", RelayPaths.hospital("H1"))
            #expect(answer.status == 200)
            #expect(try JSONDecoder().decode(HospitalKeyAnswer.self, from: answer.body)
                    == HospitalKeyAnswer(hospitalId: "H1", publicKey: keys.publicKey.description))
            let unknown = try await relay.device(device, "GET", RelayPaths.hospital("H9"))
            #expect(unknown.status == 404)
            #expect(refusalCode(unknown) == "hospital.unknown")
        }
    }

    @Test("the relay's tables never hold a plaintext value of a case (sentinel 4321.5, as text or as bytes)")
    func noPlaintextInTables() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let sent = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys)
            _ = try await relay.device(device, "POST", RelayPaths.eta(caseId: sent.caseId),
                                       body: try JSONEncoder().encode(EtaUpdateRequest(etaMinutes: 5)))
            let rows = try await relay.allRowsAsText()
            #expect(rows.contains { $0.hasPrefix("relay_cases:") && $0.contains(sent.caseId) })
            let hex = Hex.encode("4321.5".utf8)
            for row in rows {
                #expect(!row.contains("4321.5"), "plaintext in \(row.prefix(20))")
                #expect(!row.lowercased().contains(hex), "plaintext bytes in \(row.prefix(20))")
                #expect(!row.contains("\"gfap\""))
            }
        }
    }

    @Test("/metrics counts created cases and refusals by reason; /healthz answers ok")
    func metrics() async throws {
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            _ = try await relay.send(Self.caseJSON, from: device, to: "H1", keys: keys)
            _ = try await relay.device(device, "POST", RelayPaths.cases, body: Data("{}".utf8), signed: false)
            let metrics = try await relay.client.send(method: "GET", path: "/metrics")
            let text = String(decoding: metrics.body, as: UTF8.self)
            #expect(text.contains("relay_cases_created_total 1\n"))
            #expect(text.contains("relay_requests_refused_total{reason=\"signature.missing\"} 1\n"))
            #expect(text.contains("relay_requests_refused_total{reason=\"request.replayed\"} 0\n"))
            let health = try await relay.client.send(method: "GET", path: "/healthz")
            #expect(health.status == 200)
            #expect(String(decoding: health.body, as: UTF8.self) == "ok\n")
        }
    }
}
