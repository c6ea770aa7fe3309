import FleetSimulator
import Foundation
import Testing
import StrokeCollector

/// 50 simulated devices × 1,000 events pushed concurrently over real HTTP to
/// two `collector serve` processes sharing one PostgreSQL; then the same with
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
        let fleet = try await FleetHarness.start(cluster: try PostgresCluster.shared.get(), devices: Self.deviceCount,
                                                 collectors: 2, prefix: "AMB")
        defer { fleet.stop() }
        let pusher = FleetPusher(collectors: fleet.collectors.map(\.url))
        try await fleet.pushAll(pusher, events: Self.events, batchSize: Self.batchSize)

        #expect(try fleet.chains() == fleet.expectedChains(events: Self.events))
        #expect(pusher.acknowledgedHeads.count == Self.deviceCount)
        #expect(pusher.acknowledgedHeads.values.allSatisfy { $0 == Int64(Self.events) })
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
        let fleet = try await FleetHarness.start(cluster: cluster, devices: Self.deviceCount, collectors: 2, prefix: "RTW")
        // After a PostgreSQL crash a collector may hold a few pushes unanswered (docs/server.md, "Deployment
        // and failure modes"), and its graceful shutdown waits for them: its exit is not what this test checks.
        defer { fleet.stop(graceSeconds: 5) }
        // Devices give up on an unanswered push after 15 s and send it again (a new signature, a duplicate if stored).
        let pusher = FleetPusher(collectors: fleet.collectors.map(\.url), requestTimeout: 15)
        let total = Int64(Self.deviceCount * Self.events)
        let load = Task { try await fleet.pushAll(pusher, events: Self.events, batchSize: Self.batchSize) }
        defer { load.cancel() }

        // 1. SIGKILL one collector once a tenth is acknowledged, and start it again on its port.
        try await Self.waitUntil(seconds: 240) { pusher.acknowledgedHeads.values.reduce(0, +) >= total / 10 }
        let victim = fleet.collectors[0]
        let port = victim.port
        victim.stop(signal: SIGKILL)
        try await victim.start()
        #expect(victim.port == port)

        // 2. Stop PostgreSQL as a crash would once 35 % is acknowledged, then start it again.
        try await Self.waitUntil(seconds: 240) { pusher.acknowledgedHeads.values.reduce(0, +) >= total * 35 / 100 }
        let acknowledgedBeforeCrash = pusher.acknowledgedHeads
        let retriesBeforeCrash = pusher.retryCount
        try cluster.stopImmediately()
        // Start it again once a push has failed against the stopped database (the devices saw the outage).
        try await Self.waitUntil(seconds: 240) { pusher.retryCount > retriesBeforeCrash }
        try cluster.startServer()
        let storedAfterCrash = try fleet.storedHeads()
        for (name, head) in acknowledgedBeforeCrash {
            #expect((storedAfterCrash[name] ?? 0) >= head, "\(name): acknowledged \(head), stored after the restart \(storedAfterCrash[name] ?? 0)")
        }

        try await load.value
        let stored = try fleet.storedHeads()
        for (name, head) in pusher.acknowledgedHeads {
            #expect((stored[name] ?? 0) >= head, "\(name): acknowledged \(head), stored \(stored[name] ?? 0)")
        }
        #expect(try fleet.chains() == fleet.expectedChains(events: Self.events))
        #expect(pusher.retryCount > 0, "the faults hit no push")
        // A retried push whose first attempt was stored is a duplicate, never an incident; only an attempt the
        // device gave up on that a collector stores late, after newer pushes, is refused as a rollback.
        #expect(try fleet.sql("SELECT DISTINCT reason FROM incidents WHERE reason <> 'chain.rollback'") == [])
    }

    /// Polls `condition` every 100 ms for at most `seconds`.
    static func waitUntil(seconds: Int, _ condition: () -> Bool) async throws {
        for _ in 0..<(seconds * 10) {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw FleetPushError(description: "condition not met within \(seconds) s")
    }
}
