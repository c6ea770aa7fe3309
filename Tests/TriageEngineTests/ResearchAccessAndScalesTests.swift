import AuditFormat
import Foundation
import StrokeCloud
import StrokeModels
import Testing
import TriageEngine

/// The research-access session file, the scale findings check and the audit dates.
@Suite struct ResearchAccessAndScalesTests {
    @Test func statusOfNoActiveAndExpiredSessions() throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let store = SessionStore(home.directories)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(ResearchAccess.status(store, now: now) == ResearchAccess.Status(loggedIn: false, expiresAt: nil, expired: false))
        try store.save(ResearchSession(token: "secret-token", expiresAt: "2027-01-15T08:00:00Z"))
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(ResearchAccess.status(store, now: now).loggedIn)
        let later = ResearchAccess.status(store, now: Date(timeIntervalSince1970: 1_900_000_000))
        #expect(!later.loggedIn && later.expired)
        #expect(later.json.serialized() == #"{"loggedIn":false,"expiresAt":"2027-01-15T08:00:00Z","expired":true}"#)
        #expect(!later.json.serialized().contains("secret-token"))
    }

    @Test func logoutRemovesTheFileAndRecordsOnlyWhenThereWasOne() async throws {
        let home = TemporaryHome()
        defer { home.remove() }
        let store = SessionStore(home.directories)
        let trail = AuditTrail.make(AuditSettings(), config: AppConfig(), environment: home.environment)
        let none = await ResearchAccess.logout(store: store, trail: trail)
        #expect(!none.removed && none.notRecorded == nil && trail.lastRecorded == nil)
        try store.save(ResearchSession(token: "t", expiresAt: "2027-01-15T08:00:00Z"))
        let done = await ResearchAccess.logout(store: store, trail: trail)
        #expect(done.removed && done.notRecorded == nil && trail.lastRecorded?.sequence == 1)
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
        #expect(ResearchAccess.logoutJSON(removed: true).serialized() == #"{"loggedIn":false,"removed":true}"#)
    }

    @Test func scaleFindingsAreWholePointsInRange() throws {
        #expect(try ScaleFindings.points([.facialPalsy: 2, .armDrift: 1]) == [.facialPalsy: 2, .armDrift: 1])
        #expect(throws: ModelsError.self) { try ScaleFindings.points([.facialPalsy: 3]) }
        #expect(throws: ModelsError.self) { try ScaleFindings.points([.armDrift: 0.5]) }
    }

    @Test func auditDatesAreUTCDaysOrInstants() {
        #expect(UTCTime.milliseconds("1970-01-02") == 86_400_000)
        #expect(UTCTime.milliseconds("1970-01-01", endOfDay: true) == 86_399_999)
        #expect(UTCTime.milliseconds("1970-01-01T00:00:01Z") == 1000)
        #expect(UTCTime.milliseconds("1970-01-01T00:00:01.5Z") == 1500)
        #expect(UTCTime.milliseconds("yesterday") == nil)
        #expect(UTCTime.milliseconds("2026-02-30") == nil)
    }
}
