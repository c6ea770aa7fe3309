import FleetSimulator
import Foundation
import Testing
import StrokeCollector
import TestScratch

/// 50 devices × 1,000 events, each a real audit log pushed by the shipped
/// `FleetPusher` (TriageFleet, the code of `audit push`), concurrently over
/// real HTTP to two `collector serve` processes sharing one PostgreSQL; then the same with
/// faults: a collector SIGKILLed and restarted on its port, and PostgreSQL
/// stopped (`-m immediate`) and restarted. Every wait is bounded and
/// generous; no timing is asserted.
@Suite("fleet load", .serialized)
struct FleetLoadTests {
    static let deviceCount = 50
    static let events = 1000
    static let batchSize = 100

    @Test("50 devices × 1,000 events over two collectors: every chain complete, no gap, no duplicate")
    func fleetLoad() async throws {
        let devices = try ShippedFleet(count: Self.deviceCount, prefix: "AMB", events: Self.events)
        defer { devices.close() }
        let fleet = try await FleetHarness.start(cluster: try PostgresCluster.shared.get(), shipped: devices, collectors: 2)
        defer { fleet.stop() }
        let collectors = fleet.collectors.map(\.url)
        try await devices.pushAll(to: collectors, batchSize: Self.batchSize)

        let expected = try devices.expectedChains()
        #expect(try fleet.chains() == expected)
        let acknowledged = devices.acknowledgedHeads(collectors: collectors)
        #expect(acknowledged.count == Self.deviceCount)
        #expect(expected.allSatisfy { acknowledged[$0.name] == $0.head })
        #expect(try fleet.sql("SELECT count(*) FROM incidents") == [["0"]])
        // Both collectors took pushes.
        for collector in fleet.collectors {
            #expect(collector.logText.contains("push accepted"))
        }
    }

    @Test("faults mid-push: a collector SIGKILLed and restarted, PostgreSQL stopped and restarted; nothing acknowledged is lost")
    func faultsDuringLoad() async throws {
        // A cluster of its own: stopping the shared one would break the other suites.
        let cluster = try PostgresCluster.start(shared: false)
        defer { cluster.stop() }
        let devices = try ShippedFleet(count: Self.deviceCount, prefix: "RTW", events: Self.events)
        defer { devices.close() }
        let fleet = try await FleetHarness.start(cluster: cluster, shipped: devices, collectors: 2)
        // After a PostgreSQL crash a collector may hold a few pushes unanswered (docs/server.md, "Deployment
        // and failure modes"), and its graceful shutdown waits for them: its exit is not what this test checks.
        defer { fleet.stop(graceSeconds: 5) }
        let collectors = fleet.collectors.map(\.url)
        let expected = try devices.expectedChains()
        let total = expected.map(\.head).reduce(0, +)
        let load = Task { try await devices.pushAll(to: collectors, batchSize: Self.batchSize) }
        defer { load.cancel() }
        let acknowledgedSum = { devices.acknowledgedHeads(collectors: collectors).values.reduce(0, +) }

        // 1. SIGKILL one collector once a tenth is acknowledged, and start it again on its port.
        try await waitUntil(timeout: .seconds(240), poll: .milliseconds(100), "a tenth acknowledged") { acknowledgedSum() >= total / 10 }
        let victim = fleet.collectors[0]
        let port = victim.port
        victim.stop(signal: SIGKILL)
        try await victim.start()
        #expect(victim.port == port)

        // 2. Stop PostgreSQL as a crash would once 35 % is acknowledged, then start it again.
        try await waitUntil(timeout: .seconds(240), poll: .milliseconds(100), "35 % acknowledged") { acknowledgedSum() >= total * 35 / 100 }
        let acknowledgedBeforeCrash = devices.acknowledgedHeads(collectors: collectors)
        let retriesBeforeCrash = devices.retryCount
        try cluster.stopImmediately()
        // Start it again once a push has failed against the stopped database (the devices saw the outage).
        try await waitUntil(timeout: .seconds(240), poll: .milliseconds(100), "a retry after the crash") { devices.retryCount > retriesBeforeCrash }
        try cluster.startServer()
        let storedAfterCrash = try fleet.storedHeads()
        for (name, head) in acknowledgedBeforeCrash {
            #expect((storedAfterCrash[name] ?? 0) >= head, "\(name): acknowledged \(head), stored after the restart \(storedAfterCrash[name] ?? 0)")
        }

        try await load.value
        let stored = try fleet.storedHeads()
        for (name, head) in devices.acknowledgedHeads(collectors: collectors) {
            #expect((stored[name] ?? 0) >= head, "\(name): acknowledged \(head), stored \(stored[name] ?? 0)")
        }
        #expect(try fleet.chains() == expected)
        #expect(devices.retryCount > 0, "the faults hit no push")
        // A retried push whose first attempt was stored is a duplicate, never an incident; only an attempt the
        // device gave up on that a collector stores late, after newer pushes, is refused as a rollback.
        #expect(try fleet.sql("SELECT DISTINCT reason FROM incidents WHERE reason <> 'chain.rollback'") == [])
    }

}
