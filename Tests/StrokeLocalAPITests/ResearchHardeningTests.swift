import Foundation
@testable import StrokeLocalAPI
import StrokeJSON
import Testing

/// The research login under attack (issue 34, items 8 and 10): no "last member wins", no NUL
/// suffix, a bound on the file's PBKDF2 rounds, and a limit across all clients.
@Suite struct ResearchHardeningTests {
    typealias Base = ResearchAccessTests

    @Test func aRepeatedPasswordMemberIsRefusedNeverLastWins() async {
        let service = Base.service(Base.Clock())
        let (status, body) = await Base.call(service, #"{"action":"login","password":"wrong","password":"correct horse battery"}"#)
        #expect(status == 400)
        #expect(body["success"] == .bool(false))
        #expect(body["session_token"] == nil)
    }

    @Test func aPasswordWithANulOrAnotherControlCharacterNeverLogsIn() async {
        let service = Base.service(Base.Clock())
        for candidate in [#"correct horse battery\u0000"#, #"correct horse battery\n"#, #"\u0000correct horse battery"#] {
            let (status, body) = await Base.call(service, #"{"action":"login","password":""# + candidate + #""}"#)
            #expect(status == 401, "\(candidate)")
            #expect(body["session_token"] == nil)
        }
        #expect(await Base.call(service, #"{"action":"login","password":"correct horse battery"}"#).0 == 200)
    }

    @Test func manyAddressesNeverAddUpToManyGuesses() async {
        let clock = Base.Clock()
        let service = Base.service(clock)
        var refusedAt: Int?
        for attempt in 0..<(ResearchRateLimit.defaultGlobalMaxFailures + 5) {
            let (status, _) = await Base.call(service, #"{"action":"login","password":"guess"}"#, client: "10.0.\(attempt / 250).\(attempt % 250)")
            if status == 429 { refusedAt = attempt; break }
        }
        #expect(refusedAt == ResearchRateLimit.defaultGlobalMaxFailures)
        // Even the right password waits for the window; then it works again.
        #expect(await Base.call(service, #"{"action":"login","password":"correct horse battery"}"#, client: "10.9.9.9").0 == 429)
        clock.advance(ResearchRateLimit.defaultWindowSeconds)
        #expect(await Base.call(service, #"{"action":"login","password":"correct horse battery"}"#, client: "10.9.9.9").0 == 200)
    }

    @Test func aPasswordFileWithTooManyRoundsIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stroke-triage-test-rounds-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (rounds, accepted) in [(4_000_000_000, false), (ResearchPassword.maximumIterations + 1, false), (ResearchPassword.minimumIterations, true)] {
            let path = directory.appendingPathComponent("p-\(rounds).json").path
            let text = #"{"format":"stroke-triage-research-password-1","kdf":"pbkdf2-sha256","iterations":\#(rounds),"salt":"AAAAAAAAAAAAAAAAAAAAAA==","hash":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}"#
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
            #expect(((try? ResearchPassword.read(from: path)) != nil) == accepted, "\(rounds)")
        }
    }
}
