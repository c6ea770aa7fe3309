import FleetSimulator
import Foundation
import StrokeAudit
import StrokeCloud
import StrokeJSON
import TestScratch
import TriageFleet

/// Devices as they ship: each a real audit log (in the scratch folder) pushed
/// by TriageFleet's `FleetPusher`, the code behind `stroke-triage audit push`,
/// with its own signed requests, batches and remembered acknowledgements.
///
/// A push that fails (a collector killed, the database stopped) is started
/// again on the next collector, as a device's next detached push would be,
/// until the log is acknowledged or a bounded number of attempts is spent.
final class ShippedFleet: @unchecked Sendable {
    /// One device: its name, open log and push memory.
    struct Device: Sendable {
        let name: String
        let log: AuditLog
        let state: PushState
    }

    let devices: [Device]
    private let lock = NSLock()
    private var retries = 0

    /// `count` devices named `prefix-NNN`, each with a log of `events` prediction events.
    init(count: Int, prefix: String, events: Int) throws {
        let payload = Data("{\"module\":\"full\",\"inputs\":{\"gfap\":412.5,\"fastEd\":5},\"lvo\":{\"probability\":0.61}}".utf8)
        devices = try (1...count).map { number in
            let directory = TestScratch.directory("fleet-log")
            let location = AuditLog.Location(database: directory.appendingPathComponent("audit.sqlite"),
                                             keyFile: directory.appendingPathComponent("audit-keys.json"))
            let log = try AuditLog.open(location, context: AuditLog.Context(operator: "crew", appVersion: "test"))
            var written = 0
            while written < events {
                let chunk = min(100, events - written)
                _ = try log.appendBatch(.predictionGenerated, payloads: repeatElement(payload, count: chunk),
                                        assessment: AuditLog.newAssessmentID())
                written += chunk
            }
            return Device(name: String(format: "\(prefix)-%03d", number), log: log,
                          state: PushState(directory: directory))
        }
    }

    /// Closes every log.
    func close() { devices.forEach { $0.log.close() } }

    /// Registers every device's audit key with `collector add-device` (four at a time, off the cooperative pool).
    func register(binary: URL, database: String) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, device) in devices.enumerated() {
                if index >= 4 { try await group.next() }
                let arguments = ["collector", "add-device", "--database", database, "--name", device.name,
                                 "--public-key", device.log.publicKeyBase64]
                group.addTask {
                    let result = try await withCheckedThrowingContinuation { continuation in
                        DispatchQueue.global().async { continuation.resume(with: Result { try CollectorProcess.run(binary, arguments) }) }
                    }
                    guard result.status == 0 else {
                        throw FleetPushError(description: "add-device \(device.name) exited \(result.status): \(result.stderr)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Pushes every device's log to `collectors`, all devices at once: device i starts at collector
    /// i mod n and moves to the next one after a failed push.
    func pushAll(to collectors: [URL], batchSize: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, device) in devices.enumerated() {
                group.addTask { try await self.push(device, index: index, collectors: collectors, batchSize: batchSize) }
            }
            try await group.waitForAll()
        }
    }

    private func push(_ device: Device, index: Int, collectors: [URL], batchSize: Int) async throws {
        var lastError: Error?
        for attempt in 0..<400 {
            let collector = Self.base(collectors[(index + attempt) % collectors.count])
            do {
                // An unanswered request is given up after 15 s (and sent again by the next push).
                let settings = try CollectorSettings(collector: collector, device: device.name, config: FleetConfig(), environment: [:],
                                                     transport: { _ in CloudConfiguration(attemptTimeout: 15, deadline: 20) })
                let summary = try await FleetPusher(settings: settings, log: device.log, state: device.state).push(batchSize: batchSize)
                if summary.pending == 0 { return }
            } catch {
                lastError = error
            }
            lock.withLock { retries += 1 }
            // The next push comes after a growing pause (a retry's backoff, not a wait for an event).
            try await Task.sleep(for: .milliseconds(50 * min(attempt + 1, 20)))
        }
        throw FleetPushError(description: "\(device.name): not acknowledged after 400 pushes: \(String(describing: lastError))")
    }

    /// Pushes that were started again after a failure (or an incomplete acknowledgement).
    var retryCount: Int { lock.withLock { retries } }

    /// The highest head each device's collectors acknowledged (from its push memory).
    func acknowledgedHeads(collectors: [URL]) -> [String: Int64] {
        var heads: [String: Int64] = [:]
        for device in devices {
            let acknowledged = collectors.compactMap {
                device.state.acknowledged(collector: Self.base($0), device: device.name)?.sequence
            }
            if let highest = acknowledged.max() { heads[device.name] = highest }
        }
        return heads
    }

    /// A collector's base URL as `CollectorSettings` keeps it (no trailing slash).
    private static func base(_ url: URL) -> String {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The chain each device's collector must hold at the end: the whole log, linked, head at its last hash.
    func expectedChains() throws -> [FleetHarness.Chain] {
        try devices.sorted { $0.name < $1.name }.map { device in
            let head = try device.log.pushBatch(after: 0, limit: 1).head
            return FleetHarness.Chain(name: device.name, head: head.sequence, headHash: Hex.encode(head.chainHash),
                                      records: head.sequence, distinct: head.sequence, first: 1, last: head.sequence,
                                      brokenLinks: 0)
        }
    }
}
