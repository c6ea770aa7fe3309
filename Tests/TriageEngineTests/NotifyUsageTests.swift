import Testing
import TriageEngine
import TriageFleet

/// The pre-notification flags' usage rules and the exit of a flush, in process.
@Suite struct NotifyUsageTests {
    @Test func theNotifyFlags() {
        #expect(NotifyFlags().usageProblem == nil)
        #expect(NotifyFlags(notify: "uk-wuerzburg", hospitalKey: "sthk1.x", etaMinutes: 1440).usageProblem == nil)
        #expect(NotifyFlags(notify: "bad id\u{1B}").usageProblem
            == "--notify: 'bad id\\u{1B}' is not a hospital id; allowed: 1–64 characters of a–z A–Z 0–9 . _ -")
        #expect(NotifyFlags(notify: "uk-wuerzburg", etaMinutes: 1441).usageProblem == "--eta-minutes: 1441 is outside the allowed range 0–1440.")
        #expect(NotifyFlags(etaMinutes: 5).usageProblem == "--hospital-key and --eta-minutes need --notify HOSPITAL_ID.")
        #expect(NotifyFlags(hospitalKey: "sthk1.x").usageProblem == "--hospital-key and --eta-minutes need --notify HOSPITAL_ID.")
    }

    @Test func aNewETAIsAPositionOrMinutes() {
        #expect(NotifyFollowUp.etaUsageProblem(latitude: 49.8, longitude: 9.9, minutes: nil) == nil)
        #expect(NotifyFollowUp.etaUsageProblem(latitude: nil, longitude: nil, minutes: 0) == nil)
        #expect(NotifyFollowUp.etaUsageProblem(latitude: 91, longitude: 9.9, minutes: nil) == "--lat: 91.0 is outside the allowed range -90–90.")
        #expect(NotifyFollowUp.etaUsageProblem(latitude: 9, longitude: -181, minutes: nil) == "--lon: -181.0 is outside the allowed range -180–180.")
        #expect(NotifyFollowUp.etaUsageProblem(latitude: nil, longitude: nil, minutes: -1) == "--eta-minutes: -1 is outside the allowed range 0–1440.")
        for (lat, lon, eta) in [(49.8, nil, nil), (nil, 9.9, nil), (49.8, 9.9, 5), (nil, nil, nil)] as [(Double?, Double?, Int?)] {
            #expect(NotifyFollowUp.etaUsageProblem(latitude: lat, longitude: lon, minutes: eta) == "Give either --lat and --lon, or --eta-minutes.")
        }
    }

    @Test func aFlushEndsWithTheFirstRefusalElseTheFirstQueued() {
        let entry = QueuedCase(caseId: String(repeating: "ab", count: 16), hospitalId: "h", relay: "http://127.0.0.1:1", device: "d",
                               urgency: "high", etaMinutes: nil, createdMs: 0)
        let queued = NotifyError.unreachable(cause: "refused")
        let refused = NotifyError.refused("case.conflict", status: 409)
        #expect(NotifyFollowUp.flushFailure([]) == nil)
        #expect(NotifyFollowUp.flushFailure([(entry, nil)]) == nil)
        #expect(NotifyFollowUp.flushFailure([(entry, nil), (entry, queued)]) == queued)
        #expect(NotifyFollowUp.flushFailure([(entry, queued), (entry, refused)]) == refused)
    }
}
