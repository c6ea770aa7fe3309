import CaseWire
import Foundation
import Logging
import Testing
import StrokeRelay

/// Cases are deleted after their time to live: on read, and by the periodic task.
@Suite("relay expiry")
struct RelayExpiryTests {
    static func caseRows(_ relay: RelayHarness) async throws -> Int {
        try await relay.allRowsAsText().filter { $0.hasPrefix("relay_cases:") }.count
    }

    @Test("an expired case is no longer listed and is deleted from the table (short TTL, bounded wait)")
    func expiresOnRead() async throws {
        try await RelayHarness.run(ttlMs: 1_500) { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let sent = try await relay.send(RelayCaseTests.caseJSON, from: device, to: "H1", keys: keys)
            #expect(sent.answer.status == 201)
            let gone = try await eventually { try await relay.list("H1", keys: keys).isEmpty }
            #expect(gone)
            #expect(try await Self.caseRows(relay) == 0)
            // Its follow-ups now answer case.unknown.
            let eta = try await relay.device(device, "POST", RelayPaths.eta(caseId: sent.caseId),
                                             body: try JSONEncoder().encode(EtaUpdateRequest(etaMinutes: 1)))
            #expect(eta.status == 404)
        }
    }

    @Test("the periodic task deletes expired cases without any read")
    func periodicSweep() async throws {
        try await RelayHarness.run(ttlMs: 1_000) { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            _ = try await relay.send(RelayCaseTests.caseJSON, from: device, to: "H1", keys: keys)
            #expect(try await Self.caseRows(relay) == 1)
            var configuration = RelayConfiguration(database: try PostgresCluster.shared.get().url(database: "postgres"))
            configuration.caseTTLMs = 1_000
            configuration.sweepIntervalMs = 100
            let expiry = RelayExpiry(store: relay.store, configuration: configuration, metrics: relay.metrics,
                                     logger: RelayHarness.logger)
            let task = Task { try await expiry.run() }
            defer { task.cancel() }
            let gone = try await eventually { try await Self.caseRows(relay) == 0 }
            #expect(gone)
            task.cancel()
            _ = try? await task.value
            #expect(relay.metrics.render().contains("relay_cases_expired_total 1\n"))
        }
    }
}
