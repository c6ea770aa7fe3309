import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The walkthrough against the fake cloud: on a pseudo-terminal and piped, the
/// cloud's result, the fallback's reason, Ctrl-C during a silent call, cloud mode.
extension CloudAssessmentTests {
    /// Walks the coma path on a terminal in auto mode against `base`; the exit code, the result, every line.
    static func walkComa(_ base: String) throws -> (exit: Int32, result: String, lines: [String]) {
        let s = try PtySession(["walk", "--mode", "auto", "--api-base", base, "--deadline", "60"] + accept)
        try WalkthroughTerminalTests.answer(s, "Is the patient comatose (GCS 8 or below)? (y/n)", "y")
        try WalkthroughTerminalTests.answer(s, "GFAP (pg/mL", "500")
        try WalkthroughTerminalTests.answer(s, "Minutes since symptom onset", "")
        try WalkthroughTerminalTests.answer(s, "Location", "")
        try WalkthroughTerminalTests.answer(s, "Compute? [Y/n/b]", "")
        let result = try s.expect("Save a Markdown handover report?")
        try s.expect("> ")
        s.send("")
        return (try s.waitForExit(), result, s.lines)
    }

    @Test func walkthroughOnATerminalShowsTheCloudResult() throws {
        let server = try FakeCloudServerProcess.start()
        defer { server.stop() }
        let (exit, result, _) = try Self.walkComa(server.base())
        #expect(exit == 0)
        #expect(result.contains("50 %"))
        #expect(result.contains("Source: cloud model, model predict_coma_ich"))
        #expect(!result.contains("Cloud not used"))
    }

    @Test func walkthroughOnATerminalShowsTheFallbackReason() throws {
        let (exit, result, lines) = try Self.walkComa("http://127.0.0.1:1")
        #expect(exit == 0)
        #expect(result.contains("Cloud not used: cloud unreachable: connection refused or failed"))
        #expect(result.contains("Source: offline baseline, model ich-baseline-age-gfap-logistic"))
        #expect(!result.contains("Source: cloud model"))
        for line in lines { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test func ctrlCWhileTheCloudIsSilentExits130() throws {
        let server = try FakeCloudServerProcess.start()
        defer { server.stop() }
        // A deadline far beyond the wait below: only the interrupt can end the run in time.
        let base = server.base("hang")
        let s = try PtySession(["walk", "--mode", "auto", "--api-base", base, "--deadline", "60"] + Self.accept)
        try WalkthroughTerminalTests.answer(s, "Is the patient comatose (GCS 8 or below)? (y/n)", "y")
        try WalkthroughTerminalTests.answer(s, "GFAP (pg/mL", "500")
        try WalkthroughTerminalTests.answer(s, "Minutes since symptom onset", "")
        try WalkthroughTerminalTests.answer(s, "Location", "")
        try WalkthroughTerminalTests.answer(s, "Compute? [Y/n/b]", "")
        // The warm-up posts once to predict_coma_ich; the assessment's call is the second (bounded wait).
        var polls = 0
        while try server.requestCount(base, function: "predict_coma_ich") < 2, polls < 100 {
            polls += 1
            usleep(50_000)
        }
        #expect(polls < 100, "the assessment's call never reached the server")
        s.control(3)
        #expect(try s.waitForExit(timeout: 15) == 130)
        #expect(!s.transcript.contains("ICH probability"))
        #expect(s.terminalIsSane)
    }

    @Test func pipedWalkthroughOfTheFullModuleUsesBothCloudFunctions() throws {
        let server = try FakeCloudServerProcess.start()
        defer { server.stop() }
        let answers = "n\ny\n70\n160\n90\n180\n7\ny\nn\ny\nn\nn\nn\nn\nn\n\n\n\n\n"
        let r = try BinaryRunner.run(["walk", "--json", "--mode", "auto", "--api-base", server.base(), "--deadline", "60"] + Self.accept,
                                     stdin: answers)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        #expect(j["module"] as? String == "full")
        Self.expectCloud(try Self.prediction(j, "ich"), model: "predict_full_stroke")
        Self.expectCloud(try Self.prediction(j, "lvo"), model: "predict_lvo (Production LVO Model v1.0)")
    }

    @Test func pipedWalkthroughInCloudModeExits69WithNothingOnStdout() throws {
        let r = try BinaryRunner.run(["walk", "--json", "--mode", "cloud", "--api-base", "http://127.0.0.1:1", "--deadline", "60"] + Self.accept,
                                     stdin: "y\n500\n\n\n\n\n")
        #expect(r.status == 69)
        #expect(r.stdout.isEmpty)
        let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors == ["Error: predict_coma_ich: cloud unreachable: connection refused or failed"])
    }

    @Test(arguments: [["--api-base", "ftp://example.org"], ["--api-base", "http://127.0.0.1:1", "--deadline", "0"]])
    func anUnusableCloudSettingStopsTheWalkthroughBeforeTheFirstQuestion(_ arguments: [String]) throws {
        let r = try BinaryRunner.run(["walk"] + arguments + Self.accept, stdin: "y\n500\n\n\n\n\n")
        #expect(r.status == 64)
        #expect(!r.stdout.contains("comatose"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains(arguments.count == 2 ? "api-base" : "deadline"))
    }
}
