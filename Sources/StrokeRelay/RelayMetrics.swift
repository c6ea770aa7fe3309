import HTTPServerKit
import Prometheus

/// The relay's Prometheus metrics, exposed at `/metrics`:
/// `relay_cases_created_total`, `relay_cases_expired_total`,
/// `relay_requests_refused_total{reason}` (every reason from 0) and
/// `relay_request_duration_seconds` (histogram of every signed request).
public struct RelayMetrics: Sendable {
    /// The registry `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    private let created: Counter
    private let expired: Counter
    private let latency: DurationHistogram

    /// Latency buckets: the servers' (`ServerResponses.latencyBuckets`), 1 ms to 10 s.
    static let buckets = ServerResponses.latencyBuckets

    /// Creates the metrics in a new registry; every refusal reason starts at 0.
    public init() {
        registry = PrometheusCollectorRegistry()
        created = registry.makeCounter(descriptor: Self.name("cases_created", "total", "Cases newly stored"))
        expired = registry.makeCounter(descriptor: Self.name("cases_expired", "total", "Cases deleted after their time to live"))
        latency = registry.makeDurationHistogram(
            descriptor: Self.name("request_duration", "seconds", "Time to answer a signed request, accepted or refused"),
            buckets: Self.buckets)
        for code in RelayRefusal.allCodes { _ = refusedCounter(code) }
    }

    /// Counts a newly stored case.
    public func recordCreated() { created.increment() }

    /// Counts expired cases.
    public func recordExpired(_ count: Int) { expired.increment(by: Int64(count)) }

    /// Counts a refused request by reason.
    public func recordRefused(_ code: String) { refusedCounter(code).increment() }

    /// Records one request's latency.
    public func recordLatency(_ duration: Duration) { latency.record(duration) }

    /// The Prometheus text exposition.
    public func render() -> String { registry.emitToString() }

    private func refusedCounter(_ code: String) -> Counter {
        registry.makeCounter(descriptor: Self.name("requests_refused", "total", "Requests refused, by reason"),
                             labels: [("reason", code)])
    }

    /// `relay_<name>_<unit>`.
    private static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "relay", metricName: name, unitName: unit, helpText: help)
    }
}
