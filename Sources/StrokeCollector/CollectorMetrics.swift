import HTTPServerKit
import Prometheus

/// The collector's Prometheus metrics, exposed at `/metrics`:
/// `collector_events_accepted_total`, `collector_pushes_rejected_total{reason}`
/// and `collector_push_duration_seconds` (histogram of every push's latency,
/// accepted or refused).
public struct CollectorMetrics: Sendable {
    /// The registry `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    private let accepted: Counter
    private let latency: DurationHistogram

    /// Latency buckets: the servers' (`ServerResponses.latencyBuckets`), 1 ms to 10 s.
    public static let buckets = ServerResponses.latencyBuckets

    /// Creates the metrics in a new registry; every refusal reason starts at 0 so dashboards see all of them.
    public init() {
        registry = PrometheusCollectorRegistry()
        accepted = registry.makeCounter(descriptor: Self.name("events_accepted", "total", "Audit records newly stored from device pushes"))
        latency = registry.makeDurationHistogram(
            descriptor: Self.name("push_duration", "seconds", "Time to answer a push, accepted or refused"), buckets: Self.buckets)
        for refusal in PushRefusal.all { _ = rejectedCounter(refusal.code) }
    }

    /// Counts newly stored records.
    public func recordAccepted(_ count: Int) { accepted.increment(by: Int64(count)) }

    /// Counts a refused push by reason.
    public func recordRejected(_ reason: String) { rejectedCounter(reason).increment() }

    /// Records one push's latency.
    public func recordLatency(_ duration: Duration) { latency.record(duration) }

    /// The Prometheus text exposition.
    public func render() -> String { registry.emitToString() }

    private func rejectedCounter(_ reason: String) -> Counter {
        registry.makeCounter(descriptor: Self.name("pushes_rejected", "total", "Device pushes refused, by reason"),
                             labels: [("reason", reason)])
    }

    /// `collector_<name>_<unit>`.
    private static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "collector", metricName: name, unitName: unit, helpText: help)
    }
}
