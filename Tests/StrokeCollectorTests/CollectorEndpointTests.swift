import AuditFormat
import Foundation
import StrokeCollector
import Testing

/// `/healthz` and `/metrics` through the routes, against a real PostgreSQL cluster.
@Suite("collector health and metrics")
struct CollectorEndpointTests {
    @Test("/healthz answers ok while the database answers")
    func healthz() async throws {
        try await CollectorHarness.run { harness in
            try await harness.client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok\n")
            }
        }
    }

    @Test("/metrics counts accepted events, refusals by reason and push latency")
    func metrics() async throws {
        try await CollectorHarness.run { harness in
            let device = SimulatedDevice(name: "AMB-12")
            try await harness.add(device)
            let log = SimulatedDevice.log(count: 6)
            #expect(try await harness.push(log[0..<4], from: device).status == 200)
            #expect(try await harness.push(log[5..<6], from: device).status == 409)
            try await harness.client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let text = String(buffer: response.body)
                #expect(text.contains("collector_events_accepted_total 4\n"))
                #expect(text.contains("collector_pushes_rejected_total{reason=\"chain.gap\"} 1\n"))
                #expect(text.contains("collector_pushes_rejected_total{reason=\"chain.fork\"} 0\n"))
                #expect(text.contains("collector_push_duration_seconds_count 2\n"))
            }
        }
    }
}
