import StrokeCloud
import Testing
import TriageEngine
import TriageLocalization

/// The research-access commands' lines (`login`, `logout`, `status`) in process.
@Suite struct ResearchAccessTextTests {
    static let english = Localizer(language: .en)

    @Test func theStatusLineOfEachState() {
        let loggedIn = ResearchAccess.Status(loggedIn: true, expiresAt: "2099-01-01T00:00:00Z", expired: false)
        let expired = ResearchAccess.Status(loggedIn: false, expiresAt: "2001-01-01T00:00:00Z", expired: true)
        let none = ResearchAccess.Status(loggedIn: false, expiresAt: nil, expired: false)
        #expect(loggedIn.text(Self.english) == "Logged in for research access until 2099-01-01T00:00:00Z.")
        #expect(expired.text(Self.english) == "The research-access session expired at 2001-01-01T00:00:00Z; log in again.")
        #expect(none.text(Self.english) == "Not logged in for research access.")
    }

    @Test func theLoginAndLogoutLinesNeverShowTheToken() {
        let session = ResearchSession(token: "secret-token", expiresAt: "2099-01-01T00:00:00Z")
        let login = ResearchAccess.loginText(session, Self.english)
        #expect(login == "Logged in for research access; the session expires at 2099-01-01T00:00:00Z.")
        #expect(!login.contains("secret-token"))
        #expect(ResearchAccess.logoutText(removed: true, Self.english) == "Logged out; the stored session was removed.")
        #expect(ResearchAccess.logoutText(removed: false, Self.english) == "Not logged in; nothing to remove.")
    }
}
