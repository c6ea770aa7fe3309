import AuditFormat
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a simulated device retries: connection errors and 5xx answers are
/// retried after a bounded, growing wait (jittered deterministically per
/// device), each time with a new signature, until the deadline.
public struct RetryPolicy: Sendable {
    /// First wait after a failed attempt, in seconds.
    public var firstWait: Double = 0.05
    /// Longest wait between attempts, in seconds.
    public var longestWait: Double = 1.0
    /// Give up on one batch after this many seconds of failures.
    public var deadlineSeconds: Double = 240

    /// The default policy.
    public init() {}

    /// The wait before attempt `attempt` (≥ 1) of device number `index`.
    func wait(attempt: Int, index: Int) -> Double {
        let grown = min(longestWait, firstWait * Double(1 << min(attempt - 1, 16)))
        let jitter = Double((index &* 7919 &+ attempt &* 104_729) % 100) / 200 // 0 … 0.5
        return grown * (0.75 + jitter)
    }
}

/// Why a device stopped pushing.
public struct FleetPushError: Error, CustomStringConvertible, Sendable {
    /// What happened, with the device and the batch.
    public let description: String

    /// Wraps a description.
    public init(description: String) {
        self.description = description
    }
}

/// One device's pushing: its batches, in order, over real HTTP to one or more
/// collectors (push k of device i goes to collector (i + k) mod n, and a
/// retry to the next one, as a load balancer would spread them), retrying
/// until each batch is acknowledged, and keeping the highest acknowledged head.
public final class FleetPusher: @unchecked Sendable {
    /// The collectors' base URLs (`http://127.0.0.1:PORT`).
    public let collectors: [URL]
    let session: URLSession
    let policy: RetryPolicy
    private let lock = NSLock()
    private var acknowledged: [String: Int64] = [:]
    private var latencies: [Double] = []
    private var retries = 0

    /// Creates a pusher over `collectors`, with at most `connections` connections per collector.
    public init(collectors: [URL], policy: RetryPolicy = RetryPolicy(), connections: Int = 64, requestTimeout: Double = 60) {
        self.collectors = collectors
        self.policy = policy
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.httpMaximumConnectionsPerHost = connections
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
    }

    /// Pushes `bodies` (push bodies in log order) of `device`, number `index` in the fleet.
    /// Returns once every batch is acknowledged; throws on a refusal (4xx) or when a batch misses the deadline.
    public func push(_ device: FleetDevice, index: Int, bodies: [Data]) async throws {
        for (number, body) in bodies.enumerated() {
            var attempt = 0
            let started = Date()
            while true {
                let collector = collectors[(index + number + attempt) % collectors.count]
                let headers = device.signatureHeaders(path: "/v1/push", body: body)
                let clock = ContinuousClock.now
                do {
                    let (status, answer) = try await post(collector, body: body, headers: headers)
                    if status == 200, let ack = try? JSONDecoder().decode(PushAcknowledgement.self, from: answer) {
                        record(device.name, head: ack.head.sequence, latency: clock.duration(to: .now))
                        break
                    }
                    guard status >= 500 else {
                        throw FleetPushError(description: "\(device.name) batch \(number + 1): HTTP \(status) "
                                             + String(decoding: answer.prefix(300), as: UTF8.self))
                    }
                } catch let error as FleetPushError {
                    throw error
                } catch {
                    // A connection error: the collector is down or went away mid-request; retry.
                }
                attempt += 1
                countRetry()
                guard Date().timeIntervalSince(started) < policy.deadlineSeconds else {
                    throw FleetPushError(description: "\(device.name) batch \(number + 1): no acknowledgement after \(attempt) attempts")
                }
                try await Task.sleep(for: .milliseconds(Int(policy.wait(attempt: attempt, index: index) * 1000)))
            }
        }
    }

    /// One `POST /v1/push`: the status and body of the answer; throws on a connection error.
    public func post(_ collector: URL, body: Data, headers: [(String, String)]) async throws -> (Int, Data) {
        var request = URLRequest(url: collector.appendingPathComponent("v1/push"))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// The highest acknowledged head of every device that got an acknowledgement.
    public var acknowledgedHeads: [String: Int64] {
        lock.lock()
        defer { lock.unlock() }
        return acknowledged
    }

    /// Latencies in seconds of every acknowledged push (the successful attempt only).
    public var pushLatencies: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return latencies
    }

    /// How many attempts were retried.
    public var retryCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return retries
    }

    private func record(_ name: String, head: Int64, latency: Duration) {
        let seconds = Double(latency.components.seconds) + Double(latency.components.attoseconds) / 1e18
        lock.lock()
        acknowledged[name] = max(acknowledged[name] ?? 0, head)
        latencies.append(seconds)
        lock.unlock()
    }

    private func countRetry() {
        lock.lock()
        retries += 1
        lock.unlock()
    }
}

extension FleetDevice {
    /// Push bodies for records 1…`events` in batches of `batchSize`, each with the head at its last record.
    public func batchBodies(events: Int, batchSize: Int) -> [Data] {
        let records = log(count: events)
        return stride(from: 0, to: records.count, by: batchSize).map { start in
            pushBody(records[start..<min(start + batchSize, records.count)])
        }
    }
}
