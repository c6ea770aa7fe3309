import CaseWire
import Crypto
import Foundation
import StrokeAudit
import StrokeCloud
import StrokeJSON
import TriageFleet
import TestScratch

/// A fresh temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() {
        url = TestScratch.directory("triage-fleet")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// The POSIX permission bits of a file or directory inside (or at) `url`.
    func mode(_ path: String) -> Int {
        let full = path.isEmpty ? url.path : url.appendingPathComponent(path).path
        return ((try? FileManager.default.attributesOfItem(atPath: full)[.posixPermissions]) as? Int) ?? -1
    }
}

/// Keeps the events a `PreNotifier` records, in order.
final class RecordedEvents: PreNotificationRecorder, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [(AuditEventType, JSONValue, Bool)] = []

    func record(_ type: AuditEventType, payload: JSONValue, inAssessment: Bool) {
        lock.withLock { events.append((type, payload, inAssessment)) }
    }

    /// The event types recorded so far.
    var types: [AuditEventType] { lock.withLock { events.map(\.0) } }

    /// The serialized payloads recorded so far.
    var payloads: [String] { lock.withLock { events.map { $0.1.serialized() } } }
}

/// A URL on which nothing listens (port 1 on loopback: refused at once).
let deadURL = "http://127.0.0.1:1"

/// The cloud client's limits for tests: one attempt, short timeouts.
func testTransport(_ url: String) -> CloudConfiguration {
    var configuration = CloudConfiguration(baseURL: url, connectTimeout: 3, attemptTimeout: 8, deadline: 10)
    configuration.retry.maxAttempts = 1
    return configuration
}
