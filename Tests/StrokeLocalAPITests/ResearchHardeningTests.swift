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

    /// Issue 46: many addresses never add up to many guesses, and a stranger cannot lock the researchers out:
    /// past the account's threshold every attempt waits its turn, `accountStepSeconds` apart, and the right
    /// password still logs in; an attempt that would wait longer than the cap is refused for now.
    @Test func manyAddressesAreSlowedNeverLockedOut() async {
        let clock = Base.Clock()
        let waits = Waits()
        let service = ResearchAccessService(password: Base.password, now: { clock.now }, pause: { await waits.add($0) })
        for attempt in 0..<ResearchRateLimit.defaultGlobalMaxFailures {
            let (status, _) = await Base.call(service, #"{"action":"login","password":"guess"}"#, client: "10.0.\(attempt / 250).\(attempt % 250)")
            #expect(status == 401)
        }
        let none = await waits.all
        #expect(none.isEmpty)
        // The right password from a new address: it waits its turn, then logs in.
        #expect(await Base.call(service, #"{"action":"login","password":"correct horse battery"}"#, client: "10.9.9.9").0 == 200)
        #expect(await Base.call(service, #"{"action":"login","password":"guess"}"#, client: "10.9.9.8").0 == 401)
        let first = await waits.all
        #expect(first == [ResearchRateLimit.accountStepSeconds])
        // Attempts arriving at once are spaced; beyond the cap they are refused (429) until the queue drains.
        var refused = 0
        for attempt in 0..<30 where await Base.call(service, #"{"action":"login","password":"guess"}"#, client: "10.8.0.\(attempt)").0 == 429 {
            refused += 1
        }
        let longest = await waits.all.max() ?? 0
        #expect(refused > 0 && longest <= ResearchRateLimit.accountMaxPauseSeconds)
        clock.advance(ResearchRateLimit.defaultWindowSeconds)
        #expect(await Base.call(service, #"{"action":"login","password":"correct horse battery"}"#, client: "10.9.9.9").0 == 200)
    }

    /// The pauses a service asked for (the test never waits).
    actor Waits {
        var all: [Double] = []
        func add(_ seconds: Double) { if seconds > 0 { all.append(seconds) } }
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
