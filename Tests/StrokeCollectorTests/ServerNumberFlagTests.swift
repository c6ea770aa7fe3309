import Testing
import CLITestSupport
import StrokeRelay

/// Every numeric flag and setting of the servers through the one number grammar (issue 34, item 7):
/// no hexadecimal, no '+', no denormal time to live.
@Suite("server number flags")
struct ServerNumberFlagTests {
    @Test("hexadecimal and '+' are refused before anything starts", arguments: [
        ["api", "--max-body-bytes", "0x10"],
        ["api", "--request-timeout-seconds", "+5"],
        ["board", "serve", "--poll-seconds", "0x1"],
        ["relay", "serve", "--max-body-bytes", "0x10"],
        ["collector", "serve", "--max-batch-records", "0x10"],
    ])
    func refused(_ arguments: [String]) async {
        let run = await InProcessServerCLI.run(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("decimal") || run.stderr.contains("whole number"), "\(run.stderr)")
    }

    /// Issue 45: `board serve --lang` as documented (`--language` its alias); another language is refused.
    @Test func theBoardTakesLangAndRefusesAnotherLanguage() async {
        let french = await InProcessServerCLI.run(["board", "serve", "--key", "/nonexistent", "--relay", "http://127.0.0.1:1",
                                                   "--hospital", "H1", "--lang", "fr"])
        #expect(french.status == 64, "\(french.stderr)")
        #expect(!french.stderr.contains("Unknown option") && french.stderr.contains("fr"), "\(french.stderr)")
    }

    @Test("a case's time to live: one minute up to 720 hours, decimal only")
    func timeToLive() throws {
        for text in ["0x10", "1e-300", "0", "-1", "721", "inf", "nan", "+1"] {
            #expect(throws: RelayError.self) { try RelayConfiguration.ttlMs(hours: text) }
        }
        #expect(try RelayConfiguration.ttlMs(hours: "24") == 86_400_000)
        #expect(try RelayConfiguration.ttlMs(hours: "0.5") == 1_800_000)
    }
}
