#if canImport(Glibc)
import Glibc
#endif
import AuditFormat
import Foundation
import StrokeAudit
import Testing
import TestScratch
import TriageFleet
import TriageLocalization

/// Pushing a real SQLite audit log (temporary directory) over real HTTP on loopback,
/// and the push state beside the key file. The push against the real collector
/// (PostgreSQL) is covered by StrokeCollectorTests' device suites.
@Suite("TriageFleet push", .serialized)
struct FleetPusherTests {
    /// An audit log with `events` test events in `directory`.
    private func makeLog(_ directory: TemporaryDirectory, events: Int) throws -> AuditLog {
        let location = AuditLog.Location(database: directory.url.appendingPathComponent("data/audit.sqlite"),
                                         keyFile: directory.url.appendingPathComponent("state/audit-keys.json"))
        let log = try AuditLog.open(location, context: AuditLog.Context(operator: "test", appVersion: "test"))
        for _ in 0..<events { _ = try log.append(.test, payload: Data(#"{"test":true}"#.utf8)) }
        return log
    }

    private func settings(_ url: String) throws -> CollectorSettings {
        try CollectorSettings(collector: url, device: "ambulance-7", config: FleetConfig(), environment: [:], transport: testTransport)
    }

    @Test("the acknowledged head is remembered per collector and device in a 0600 file")
    func rememberedHead() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let state = PushState(directory: directory.url)
        #expect(state.acknowledged(collector: "http://c", device: "d") == nil)
        let value = PushState.Acknowledged(collector: "http://c", device: "d", sequence: 42, chainHash: "ab", timeMs: 1_700_000_000_000)
        state.remember(value)
        #expect(state.acknowledged(collector: "http://c", device: "d") == value)
        #expect(state.acknowledged(collector: "http://other", device: "d") == nil)
        #expect(state.acknowledged(collector: "http://c", device: "other") == nil)
        #expect(directory.mode("collector-push.json") == 0o600)
    }

    @Test("the push lock is exclusive until released; a taken lock is retried on the clock, never by sleeping a thread")
    func lock() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let state = PushState(directory: directory.url.appendingPathComponent("state"))
        let first = try #require(await state.lock(waitingUpTo: .seconds(5)))
        #expect(directory.mode("state") == 0o700)
        let clock = ImmediateClock()
        #expect(await state.lock(waitingUpTo: .milliseconds(250), retry: .milliseconds(100), clock: clock) == nil)
        #expect(clock.slept == [.milliseconds(100), .milliseconds(100), .milliseconds(50)])
        close(first)
        let again = try #require(await state.lock(waitingUpTo: .seconds(5)))
        close(again)
    }

    @Test("an unreachable collector: push.unreachable, nothing remembered")
    func unreachable() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try makeLog(directory, events: 3)
        defer { log.close() }
        let state = PushState(directory: directory.url.appendingPathComponent("state"))
        do {
            _ = try await FleetPusher(settings: try settings(deadURL), log: log, state: state).push(batchSize: 10)
            Issue.record("the push did not fail")
        } catch let error as PushError {
            #expect(error.kind == .unreachable)
            #expect(error.underlyingCause != nil)
        }
        #expect(state.acknowledged(collector: deadURL, device: "ambulance-7") == nil)
    }

    @Test("a collector that refuses: push.refused with its sanitised reason and status; the request was signed")
    func refused() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try makeLog(directory, events: 2)
        defer { log.close() }
        let collector = FakeRelay()
        collector.setFixedAnswer((409, #"{"error":{"code":"chain.fork","message":"x"}}"#))
        try await collector.serve { url in
            let pusher = FleetPusher(settings: try settings(url), log: log, state: PushState(directory: directory.url))
            do {
                _ = try await pusher.push(batchSize: 10)
                Issue.record("the push did not fail")
            } catch let error as PushError {
                #expect(error.kind == .refused)
                #expect(error.reason == "chain.fork")
                #expect(error.status == 409)
            }
        }
        let received = collector.received
        #expect(received.map(\.path) == [CollectorPaths.head])
        #expect(received.first?.device == "ambulance-7")
    }

    @Test("a collector's 503 is unavailable (records stay pending), a 200 that is not an answer is answerInvalid")
    func unavailableAndInvalid() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try makeLog(directory, events: 1)
        defer { log.close() }
        let collector = FakeRelay()
        try await collector.serve { url in
            let pusher = FleetPusher(settings: try settings(url), log: log, state: PushState(directory: directory.url))
            collector.setFixedAnswer((503, "{}"))
            await #expect(throws: PushError.self) { _ = try await pusher.collectorHead() }
            do { _ = try await pusher.collectorHead() } catch let error as PushError { #expect(error.kind == .unreachable) }
            collector.setFixedAnswer((200, #"{"not":"a head"}"#))
            do { _ = try await pusher.collectorHead() } catch let error as PushError { #expect(error.kind == .answerInvalid) }
            let answer = try JSONEncoder().encode(HeadAnswer(head: PushHead(sequence: 0, hash: Data(count: 32)), logId: nil))
            collector.setFixedAnswer((200, String(decoding: answer, as: UTF8.self)))
            #expect(try await pusher.collectorHead().head.sequence == 0)
            let remembered = PushState(directory: directory.url).acknowledged(collector: url, device: "ambulance-7")
            #expect(remembered?.sequence == 0)
            #expect(remembered?.chainHash == String(repeating: "0", count: 64))
        }
    }

    @Test("status without a log: the collector is not asked; with a log and no collector: the remembered head")
    func status() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let location = AuditLog.Location(database: directory.url.appendingPathComponent("data/audit.sqlite"),
                                         keyFile: directory.url.appendingPathComponent("state/audit-keys.json"))
        let context = AuditLog.Context(operator: "test", appVersion: "test")
        let state = PushState(directory: directory.url.appendingPathComponent("state"))
        let settings = try settings(deadURL)
        let none = try await PushStatus.check(settings, location: location, context: context, state: state)
        #expect(!none.hasLog && none.source == "none" && none.pending == 0)
        #expect(none.json.contains(#""reachable":null"#))
        #expect(none.lines(Localizer(language: .en)).count == 4)
        try makeLog(directory, events: 3).close()
        state.remember(.init(collector: deadURL, device: "ambulance-7", sequence: 1, chainHash: "00", timeMs: 0))
        let remembered = try await PushStatus.check(settings, location: location, context: context, state: state)
        #expect(remembered.unreachable?.kind == .unreachable)
        #expect(remembered.source == "remembered")
        #expect(remembered.acknowledged == 1)
        #expect(remembered.pending == remembered.localHead - 1)
        #expect(remembered.json.contains(#""reachable":false"#))
        #expect(remembered.json.contains(#""rememberedAt":"1970-01-01T00:00:00Z""#))
    }

    @Test("status after a rollback (local head below the acknowledged head) warns, in text and JSON")
    func statusAfterRollback() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let location = AuditLog.Location(database: directory.url.appendingPathComponent("data/audit.sqlite"),
                                         keyFile: directory.url.appendingPathComponent("state/audit-keys.json"))
        let state = PushState(directory: directory.url.appendingPathComponent("state"))
        try makeLog(directory, events: 3).close()
        state.remember(.init(collector: deadURL, device: "ambulance-7", sequence: 40, chainHash: "00", timeMs: 0))
        let status = try await PushStatus.check(try settings(deadURL), location: location,
                                                context: AuditLog.Context(operator: "test", appVersion: "test"), state: state)
        #expect(status.behindAcknowledged && status.pending == 0)
        #expect(status.json.contains(#""warning":"localBehindAcknowledged""#))
        let lines = status.lines(Localizer(language: .en))
        #expect(lines.count == 5)
        #expect(lines.last?.hasPrefix("Warning: the local head (sequence \(status.localHead)) lies below the head the collector acknowledged (40)") == true)
        state.remember(.init(collector: deadURL, device: "ambulance-7", sequence: 1, chainHash: "00", timeMs: 0))
        let ahead = try await PushStatus.check(try settings(deadURL), location: location,
                                               context: AuditLog.Context(operator: "test", appVersion: "test"), state: state)
        #expect(!ahead.behindAcknowledged && ahead.json.contains(#""warning":null"#))
    }

    @Test("a push needs the log, and waits for the lock of another push")
    func pushPreconditions() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let location = AuditLog.Location(database: directory.url.appendingPathComponent("data/audit.sqlite"),
                                         keyFile: directory.url.appendingPathComponent("state/audit-keys.json"))
        let context = AuditLog.Context(operator: "test", appVersion: "test")
        await #expect(throws: AuditError.logMissing(location.database.path)) {
            _ = try await FleetPusher.push(try settings(deadURL), location: location, context: context, batchSize: 10)
        }
        try makeLog(directory, events: 1).close()
        let held = try #require(await PushState(directory: location.keyFile.deletingLastPathComponent()).lock(waitingUpTo: .seconds(5)))
        defer { close(held) }
        await #expect(throws: PushError(.busy)) {
            _ = try await FleetPusher.push(try settings(deadURL), location: location, context: context, batchSize: 10, lockWait: .seconds(60),
                                           clock: ImmediateClock())
        }
    }

    @Test("a push summary as JSON and text")
    func summary() throws {
        var summary = FleetPusher.Summary()
        summary.accepted = 3
        summary.batches = 1
        summary.localHead = 5
        summary.acknowledgedHead = 3
        let settings = try settings("http://collector")
        #expect(summary.json(settings) == #"{"collector":"http://collector","device":"ambulance-7","accepted":3,"duplicates":0,"#
            + #""batches":1,"wrappedKeys":0,"localHead":5,"acknowledgedHead":3,"pending":2}"#)
        #expect(summary.text(settings, Localizer(language: .en)).contains("ambulance-7"))
    }
}
