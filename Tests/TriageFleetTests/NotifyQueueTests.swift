import Crypto
import Foundation
import Testing
import TriageFleet

/// The pre-notification queue on disk: directory 0700, entries and the local key 0600,
/// oldest first, expiry after 48 hours, unknown case ids refused.
@Suite("TriageFleet notify queue")
struct NotifyQueueTests {
    private func entry(_ id: String, createdMs: Int64) -> QueuedCase {
        QueuedCase(caseId: id, hospitalId: "stroke-unit-a", relay: "http://relay", device: "amb-1", urgency: "high",
                   etaMinutes: 20, createdMs: createdMs)
    }

    private let first = String(repeating: "a", count: 32)
    private let second = String(repeating: "b", count: 32)

    @Test("entries are kept 0600 in a 0700 directory and listed oldest first")
    func saveAndList() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let queue = NotifyQueue(stateDirectory: directory.url)
        #expect(try queue.all(nowMs: 0).isEmpty)
        try queue.save(entry(second, createdMs: 1_000))
        try queue.save(entry(first, createdMs: 2_000))
        #expect(try queue.all(nowMs: 3_000).map(\.caseId) == [second, first])
        #expect(directory.mode("notify") == 0o700)
        #expect(directory.mode("notify/\(first).json") == 0o600)
        var updated = try queue.entry(first, nowMs: 3_000)
        updated.pendingEta = 7
        try queue.save(updated)
        #expect(try queue.entry(first, nowMs: 3_000).latestEta == 7)
        let names = try FileManager.default.contentsOfDirectory(atPath: queue.directory.path).sorted()
        #expect(names == ["\(first).json", "\(second).json"])
    }

    @Test("an entry past 48 hours is removed; an unknown or malformed case id is caseUnknown")
    func expiryAndUnknown() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let queue = NotifyQueue(directory: directory.url.appendingPathComponent("q"))
        try queue.save(entry(first, createdMs: 0))
        #expect(try queue.all(nowMs: NotifyQueue.retentionMs).count == 1)
        #expect(try queue.all(nowMs: NotifyQueue.retentionMs + 1).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: queue.directory.appendingPathComponent("\(first).json").path))
        for id in [first, "../../etc/passwd", "ABC"] {
            #expect(throws: NotifyError.caseUnknown(id)) { _ = try queue.entry(id, nowMs: 0) }
        }
    }

    @Test("the local queue key is created once, 32 bytes, 0600")
    func localKey() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let queue = NotifyQueue(stateDirectory: directory.url)
        let key = try queue.localKey()
        #expect(directory.mode("notify/queue.key") == 0o600)
        #expect(key.bitCount == 256)
        #expect(try queue.localKey().withUnsafeBytes { Data($0) } == key.withUnsafeBytes { Data($0) })
    }

    @Test("states: not yet delivered until the case, the ETA and the status reached the relay")
    func deliveryStates() {
        var e = entry(first, createdMs: 0)
        #expect(e.delivery == "notYetDelivered")
        e.delivered = true
        #expect(e.delivery == "delivered")
        e.pendingStatus = "arrived"
        #expect(e.hasPending)
        e.failed = true
        #expect(e.delivery == "failed")
        #expect(!e.hasPending)
    }
}
