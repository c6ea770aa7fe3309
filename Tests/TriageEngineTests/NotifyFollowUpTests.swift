import CaseWire
import Foundation
import StrokeModels
import Testing
import TriageEngine
import TriageFleet

/// The `notify` follow-ups and a module command's pre-notification after its result,
/// in process: the queue, the device key and the audit log are real files in a
/// temporary home; nothing listens at the relay, so every case ends up queued.
@Suite struct NotifyFollowUpTests {
    /// Nothing listens on port 1 of loopback: connections are refused at once.
    static let deadRelay = "http://127.0.0.1:1"
    /// A bundled stroke center (its id is its relay id).
    static let essen = (id: "elisabeth-krankenhaus-essen", lat: 51.4495, lon: 7.0137)

    /// A follow-up notifier of `home`, with one kept case for `hospital` (located when `located`).
    private func setUp(_ home: TemporaryHome, events: any EngineEventSink = IgnoringEventSink(), located: Bool = true)
        throws -> (NotifyFollowUp, QueuedCase) {
        let followUp = try NotifyFollowUp(audit: AuditSettings(), config: AppConfig(), events: events, environment: home.environment)
        let entry = QueuedCase(caseId: String(repeating: "ab", count: 16), hospitalId: located ? Self.essen.id : "ward-7",
                               hospitalLat: located ? Self.essen.lat : nil, hospitalLon: located ? Self.essen.lon : nil,
                               relay: Self.deadRelay, device: "amb-1", urgency: "high", etaMinutes: 20, createdMs: WallClock.system.nowMs)
        try followUp.notifier.queue.save(entry)
        return (followUp, entry)
    }

    @Test func aNewETAFromThePositionIsTheRoutingsDriveTimeAndIsQueued() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let events = CollectingEventSink()
        let (followUp, entry) = try setUp(home, events: events)
        let position = Coordinate(latitude: 51.2, longitude: 7.4)
        let expected = try #require(HospitalLocator.etaMinutes(from: position, latitude: Self.essen.lat, longitude: Self.essen.lon,
                                                               config: AppConfig()))
        #expect(try followUp.etaMinutes(entry.caseId, from: position) == expected)
        let (after, error) = try await followUp.updateETA(entry.caseId, position: position)
        #expect(error?.isQueued == true)
        #expect(error?.code == "notify.unreachable")
        #expect(after.pendingEta == expected)
        #expect(after.delivery == "notYetDelivered")
        // Recorded in the audit log of the home (the device key is that log's key).
        let recorder = try #require(followUp.notifier.recorder as? TrailNotificationRecorder)
        #expect(recorder.trail.lastRecorded != nil)
        #expect(events.events.isEmpty)
        #expect(FileManager.default.fileExists(atPath: home.directories.data.appendingPathComponent("audit.sqlite").path))
    }

    @Test func minutesGivenAreSentAsGiven() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let (followUp, entry) = try setUp(home)
        let (after, error) = try await followUp.updateETA(entry.caseId, minutes: 7)
        #expect(error?.isQueued == true)
        #expect(after.pendingEta == 7)
        #expect(after.latestEta == 7)
    }

    @Test func aHospitalOfUnknownLocationNeedsMinutesAndNothingIsRecorded() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let (followUp, entry) = try setUp(home, located: false)
        await #expect(throws: NotifyError.hospitalLocationUnknown("ward-7")) {
            _ = try await followUp.updateETA(entry.caseId, position: Coordinate(latitude: 51.2, longitude: 7.4))
        }
        let kept = try followUp.notifier.queue.entry(entry.caseId, nowMs: WallClock.system.nowMs)
        #expect(kept.pendingEta == nil)
        #expect(kept.attempts == 0)
    }

    @Test func anUnknownCaseIsAnError() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let (followUp, _) = try setUp(home)
        do throws(NotifyError) {
            _ = try await followUp.changeStatus(String(repeating: "cd", count: 16), to: .arrived)
            Issue.record("the case is not kept here")
        } catch {
            #expect(error.code == "notify.caseUnknown")
        }
    }

    @Test func arrivedAndCancelledAreKeptUntilTheRelayHasThem() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let (followUp, entry) = try setUp(home)
        let (arrived, error) = try await followUp.changeStatus(entry.caseId, to: .arrived)
        #expect(error?.isQueued == true)
        #expect(arrived.status == "arrived" && arrived.pendingStatus == "arrived")
        let (cancelled, _) = try await followUp.changeStatus(entry.caseId, to: .cancelled)
        #expect(cancelled.status == "cancelled")
        let kept = try NotifyFollowUp.kept(environment: home.environment)
        #expect(kept.map(\.caseId) == [entry.caseId])
        #expect(kept.first?.pendingStatus == "cancelled")
        let flushed = try await followUp.flush()
        #expect(flushed.count == 1)
        #expect(flushed.first?.1?.isQueued == true)
        await followUp.flushRemaining()
        #expect(try NotifyFollowUp.kept(environment: home.environment).first?.hasPending == true)
    }

    @Test func afterTheResultTheCaseIsSentOnlyWhenAsked() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let (followUp, _) = try setUp(home)
        let outcome = try await AssessmentSession.assess(TriageInputs(module: .coma, gfap: 500), prediction: .offline, config: AppConfig())
        let prepared = PreNotification(settings: NotifySettings(relay: Self.deadRelay, device: "amb-1", pinnedKeys: [:]),
                                       notifier: followUp.notifier)
        let notAsked = await PreNotification.afterResult(outcome, prepared: prepared, flags: NotifyFlags(), config: AppConfig())
        #expect(notAsked == nil)
        let notPrepared = await PreNotification.afterResult(outcome, prepared: nil, flags: NotifyFlags(notify: Self.essen.id),
                                                            config: AppConfig())
        #expect(notPrepared == nil)
        let sent = await PreNotification.afterResult(outcome, prepared: prepared, flags: NotifyFlags(notify: Self.essen.id, etaMinutes: 12),
                                                     config: AppConfig())
        guard case .success(let (entry, error))? = sent else { Issue.record("not queued: \(String(describing: sent))"); return }
        #expect(error?.isQueued == true)
        #expect(entry.hospitalId == Self.essen.id)
        #expect(entry.hospitalName == "Elisabeth-Krankenhaus Essen")
        #expect(entry.etaMinutes == 12)
        #expect(entry.localSealed != nil && entry.ciphertext == nil)
        #expect(try NotifyFollowUp.kept(environment: home.environment).contains { $0.caseId == entry.caseId })
    }
}
