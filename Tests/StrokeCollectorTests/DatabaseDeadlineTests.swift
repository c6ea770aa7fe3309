import Foundation
import Logging
import Testing
import StrokeBoard
import StrokeCollector
import StrokeRelay

/// PostgreSQL stopped under a running collector and relay (issue 29, item 3): `/healthz` and requests answer
/// 503 within the database deadline instead of hanging, and 200 again as soon as PostgreSQL is back, not
/// after the pool's back-off or circuit breaker. A private cluster, stopped and started with `pg_ctl`.
@Suite("database deadline")
struct DatabaseDeadlineTests {
    static let logger = { var logger = Logger(label: "deadline-test"); logger.logLevel = .critical; return logger }()

    @Test("while PostgreSQL is stopped /healthz and a push answer 503; once it is back /healthz answers 200 again")
    func outage() async throws {
        let cluster = try PostgresCluster.start(shared: false)
        defer { cluster.stop() }
        let url = try cluster.createDatabase()
        let device = SimulatedDevice(name: "AMB-1")
        // The schema and the device first, with the suite's generous deadline (a loaded machine may be slow).
        try await CollectorStore.with(database: url, logger: Self.logger) { store in
            try await store.migrate()
            _ = try await store.addDevice(name: device.name, publicKey: device.publicKey)
            try await RelayStore(collector: store, logger: Self.logger).migrate()
        }
        // Then a deadline of 1 s; the clients wait up to 14 s, so a hang shows as a failed request, not a slow one
        // (PostgresNIO's own pool would hold a request until its circuit breaker trips after 15 s). While the
        // database answers, a slow answer on a loaded machine is retried (bounded), never taken for an outage.
        try await CollectorStore.with(database: url, logger: Self.logger, deadline: .seconds(1)) { store in
            let relayStore = RelayStore(collector: store, logger: Self.logger)
            let collectorRoutes = CollectorRoutes(configuration: CollectorHarness.configuration(url), store: store,
                                                  metrics: CollectorMetrics(), logger: Self.logger)
            let relayRoutes = RelayRoutes(configuration: RelayConfiguration(database: url), store: relayStore,
                                          metrics: RelayMetrics(), logger: Self.logger)
            try await LiveServer.run(collectorRoutes.makeRouter()) { collectorPort in
                try await LiveServer.run(relayRoutes.makeRouter()) { relayPort in
                    let collector = try RelayHTTPClient(baseURL: "http://127.0.0.1:\(collectorPort)", timeoutSeconds: 14)
                    let relay = try RelayHTTPClient(baseURL: "http://127.0.0.1:\(relayPort)", timeoutSeconds: 14)
                    #expect(try await eventually(seconds: 30) { try await collector.send(method: "GET", path: "/healthz").status == 200 })
                    #expect(try await eventually(seconds: 30) { try await relay.send(method: "GET", path: "/healthz").status == 200 })

                    try cluster.stopImmediately()
                    for _ in 0..<3 {
                        #expect(try await collector.send(method: "GET", path: "/healthz").status == 503)
                        #expect(try await relay.send(method: "GET", path: "/healthz").status == 503)
                    }
                    let records = SimulatedDevice.log(count: 1)
                    let body = device.body(records, head: records.last)
                    let headers = device.headers(for: body).map { ($0.name.rawName, $0.value) }
                    let push = try await collector.send(method: "POST", path: CollectorRoutes.pushPath, body: body, headers: headers)
                    #expect(push.status == 503)
                    #expect(refusalCode(push) == "collector.unavailable")

                    try cluster.startServer()
                    #expect(try await eventually(seconds: 20) {
                        try await collector.send(method: "GET", path: "/healthz").status == 200
                    })
                    #expect(try await eventually(seconds: 20) { try await relay.send(method: "GET", path: "/healthz").status == 200 })
                    // The same push again (fresh signature headers each time) is stored once the database answers.
                    #expect(try await eventually(seconds: 30) {
                        try await collector.send(method: "POST", path: CollectorRoutes.pushPath, body: body,
                                                 headers: device.headers(for: body).map { ($0.name.rawName, $0.value) }).status == 200
                    })
                }
            }
        }
    }
}
