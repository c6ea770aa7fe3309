import CaseWire
import Crypto
import Foundation
import StrokeAudit
import StrokeJSON
import Testing
import TriageFleet
import TriageLocalization

/// Creating, sealing, queueing and delivering pre-notifications over real HTTP on
/// loopback (a stand-in relay) with the queue on disk; the hospital opens what arrived.
/// The real relay (PostgreSQL) is covered by StrokeCollectorTests' prenotify suites.
@Suite("TriageFleet pre-notification", .serialized)
struct PreNotifierTests {
    private let deviceKey = Curve25519.Signing.PrivateKey()
    private let caseJSON = Data(#"{"module":"full","ich":{"probability":0.1}}"#.utf8)

    private func notifier(_ directory: TemporaryDirectory, _ recorder: RecordedEvents) -> PreNotifier {
        PreNotifier(queue: NotifyQueue(stateDirectory: directory.url), signingKey: deviceKey, recorder: recorder)
    }

    /// Opens the case the relay received as the hospital's board would.
    private func open(_ request: CaseCreateRequest, _ relay: FakeRelay) async -> OpenedCase {
        let sealed = SealedCase(encapsulatedKey: request.encapsulatedKey, ciphertext: request.ciphertext)
        let devicePublic = deviceKey.publicKey.rawRepresentation
        return sealed.open(caseId: request.caseId, hospitalId: request.hospitalId, with: relay.hospitalKeys) {
            $0 == "amb-1" ? devicePublic : nil
        }
    }

    @Test("relay up: sealed to the relay's hospital key, delivered, recorded; the hospital opens the case")
    func delivered() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let recorder = RecordedEvents()
        let relay = FakeRelay()
        try await relay.serve { url in
            let notification = PreNotification(settings: NotifySettings(relay: url, device: "amb-1", pinnedKeys: [:]),
                                               notifier: notifier(directory, recorder))
            let (entry, error) = try await notification.send(caseJSON: caseJSON, urgency: .timeCritical,
                                                              to: .init(hospitalId: relay.hospitalId), etaMinutes: 18)
            #expect(error == nil)
            #expect(entry.delivery == "delivered")
            #expect(entry.localSealed == nil)
            #expect(HospitalID.isCaseID(entry.caseId))
        }
        let cases = relay.cases()
        let request = try #require(cases.first)
        #expect(cases.count == 1)
        #expect(request.etaMinutes == 18)
        let opened = await open(request, relay)
        #expect(opened.verdict == .valid)
        #expect(opened.caseJSON == caseJSON)
        #expect(recorder.types == [.notifySent])
        #expect(recorder.payloads.first?.contains("\"delivery\":\"delivered\"") == true)
        #expect(directory.mode("notify") == 0o700)
    }

    @Test("relay down: kept under the local key (not yet delivered); a flush delivers it once the relay is back")
    func queuedThenFlushed() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let recorder = RecordedEvents()
        let relay = FakeRelay()
        try await relay.serve { url in
            let notifier = notifier(directory, recorder)
            relay.setDown(true)
            let settings = NotifySettings(relay: url, device: "amb-1", pinnedKeys: [:])
            let (queued, error) = try await notifier.send(caseJSON: caseJSON, to: .init(hospitalId: relay.hospitalId),
                                                          urgency: .urgent, etaMinutes: nil, settings: settings)
            #expect(error?.isQueued == true)
            #expect(error?.code == "notify.unreachable")
            #expect(queued.delivery == "notYetDelivered")
            #expect(queued.localSealed != nil && queued.ciphertext == nil)
            #expect(directory.mode("notify/queue.key") == 0o600)
            #expect(directory.mode("notify/\(queued.caseId).json") == 0o600)
            // Nothing of the case in plaintext on disk.
            let kept = try Data(contentsOf: directory.url.appendingPathComponent("notify/\(queued.caseId).json"))
            #expect(!String(decoding: kept, as: UTF8.self).contains("probability"))
            relay.setDown(false)
            let results = try await notifier.flush()
            #expect(results.count == 1)
            #expect(results.first?.1 == nil)
            #expect(results.first?.0.delivery == "delivered")
            let (updated, updateError) = try await notifier.update(queued.caseId, eta: 9)
            #expect(updateError == nil)
            #expect(updated.latestEta == 9)
        }
        let request = try #require(relay.cases().first)
        #expect(await open(request, relay).verdict == .valid)
        #expect(recorder.types == [.notifySent, .notifyDelivered, .notifyUpdated])
        let paths = relay.received.map(\.path)
        #expect(paths.last?.hasSuffix("/eta") == true)
    }

    @Test("an unknown hospital or a bad pinned key keeps nothing; a relay key that differs from the pin is refused for good")
    func refusals() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let recorder = RecordedEvents()
        let relay = FakeRelay()
        try await relay.serve { url in
            let notifier = notifier(directory, recorder)
            let settings = NotifySettings(relay: url, device: "amb-1", pinnedKeys: ["pinned-bad": "nope"])
            await #expect(throws: NotifyError.hospitalUnknown("nowhere")) {
                _ = try await notifier.send(caseJSON: caseJSON, to: .init(hospitalId: "nowhere"), urgency: .standard, etaMinutes: nil,
                                            settings: settings)
            }
            #expect(throws: NotifyError.badHospitalKey("pinned-bad")) {
                try PreNotification.checkPinnedKey(settings, hospital: "pinned-bad")
            }
            #expect(try notifier.queue.all(nowMs: notifier.clock.nowMs).isEmpty)
            let otherKey = HospitalKeyPair().publicKey.description
            let pinned = NotifySettings(relay: url, device: "amb-1", pinnedKeys: [relay.hospitalId: otherKey])
            let (entry, error) = try await notifier.send(caseJSON: caseJSON, to: .init(hospitalId: relay.hospitalId),
                                                         urgency: .immediate, etaMinutes: 5, settings: pinned)
            #expect(error == NotifyError.keyMismatch(relay.hospitalId))
            #expect(error?.isPermanent == true)
            #expect(entry.delivery == "failed")
        }
        #expect(relay.cases().isEmpty)
    }

    @Test("rendering: the JSON form and the lines name ids, urgency, ETA and delivery, never the case")
    func rendering() {
        var entry = QueuedCase(caseId: String(repeating: "c", count: 32), hospitalId: "stroke-unit-a", hospitalName: "Unit A",
                               relay: "http://relay", device: "amb-1", urgency: "high", etaMinutes: 20, createdMs: 5)
        entry.pendingEta = 12
        let json = NotifyRendering.json(entry).serialized()
        #expect(json.hasPrefix(#"{"caseId":"cccccccccccccccccccccccccccccccc","hospitalId":"stroke-unit-a","hospital":"Unit A""#))
        #expect(json.contains(#""etaMinutes":12"#))
        #expect(json.contains(#""pending":["case","eta"]"#))
        #expect(NotifyRendering.notificationJSON(entry).serialized().hasPrefix(#"{"notification":{"caseId""#))
        let l = Localizer(language: .en)
        let line = NotifyRendering.line(entry, l)
        #expect(line.hasPrefix(entry.caseId + "  Unit A (stroke-unit-a)"))
        #expect(NotifyRendering.outcome(entry, .unreachable(cause: nil), l).hasPrefix("! "))
        #expect(!NotifyRendering.outcome(entry, nil, l).hasPrefix("! "))
    }
}
