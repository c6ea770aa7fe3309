import FakeCloudLauncher
import Foundation
import StrokeJSON
import Testing
import TestJSON

/// The walkthrough against the fake cloud: the cloud's result, the fallback's reason and
/// cloud mode, in the test process with a scripted dialog (`ScriptedWalk`); Ctrl-C during
/// a silent call on a pseudo-terminal (the process is the point: a signal).
extension CloudAssessmentTests {
    /// The coma path's questions and answers (auto mode, no onset, no location, compute, no report).
    static let comaScript: [(prompt: String, answer: String)] = [
        ("Is the patient comatose (GCS 8 or below)? (y/n)", "y"), ("Blood glucose", ""), ("GFAP (pg/mL", "500"), ("Minutes since symptom onset", ""),
        ("Location", ""), ("Compute? [Y/n/b]", ""), ("Save a Markdown handover report?", ""),
    ]

    /// Walks the coma path in auto mode against `base`: the result, and every line shown.
    static func walkComa(_ base: String) async -> ScriptedWalk.Result {
        await ScriptedWalk.run(["walk", "--mode", "auto", "--api-base", base, "--deadline", "60"] + accept, script: comaScript)
    }

    @Test func walkthroughShowsTheCloudResult() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let r = await Self.walkComa(server.base())
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.mismatches.isEmpty, "\(r.mismatches)")
        #expect(r.stdout.contains("50 %"))
        #expect(r.stdout.contains("Source: cloud model, model predict_coma_ich"))
        #expect(!r.stdout.contains("Cloud not used"))
    }

    @Test func walkthroughShowsTheFallbackReason() async throws {
        let r = await Self.walkComa("http://127.0.0.1:1")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.mismatches.isEmpty, "\(r.mismatches)")
        #expect(r.stdout.contains("Cloud not used: cloud unreachable: connection refused or failed"))
        #expect(r.stdout.contains("ICH: not assessable before imaging (no calibrated estimate offline)"))
        #expect(!r.stdout.contains("Source: cloud model"))
        for line in r.transcript + r.stdout.split(separator: "\n").map(String.init) { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test func ctrlCWhileTheCloudIsSilentExits130() throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        // A deadline far beyond the wait below: only the interrupt can end the run in time.
        let base = server.base("hang")
        let s = try PtySession(["walk", "--mode", "auto", "--api-base", base, "--deadline", "60"] + Self.accept)
        for (prompt, answer) in Self.comaScript.dropLast() { try WalkthroughTerminalTests.answer(s, prompt, answer) }
        // The warm-up posts once to predict_coma_ich; the assessment's call is the second.
        #expect(server.waitForRequests(base, function: "predict_coma_ich", count: 2), "the assessment's call never reached the server")
        s.control(3)
        #expect(try s.waitForExit(timeout: 15) == 130)
        #expect(!s.transcript.contains("ICH probability"))
        #expect(s.terminalIsSane)
    }

    @Test func walkthroughOfTheFullModuleUsesBothCloudFunctions() async throws {
        let server = try FakeCloud.start()
        defer { server.stop() }
        let answers = ["n", "y", "70", "160", "90", "7", "y", "n", "y", "n", "n", "n", "n", "n", "", "180", "", "", "", ""]
        let r = await ScriptedWalk.run(["walk", "--json", "--mode", "auto", "--api-base", server.base(), "--deadline", "60"] + Self.accept,
                                       answers: answers)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try r.json()
        #expect(j["module"].stringValue == "full")
        Self.expectCloud(try Self.prediction(j, "ich"), model: "predict_full_stroke")
        Self.expectCloud(try Self.prediction(j, "lvo"), model: "predict_lvo (Production LVO Model v1.0)")
    }

    @Test func walkthroughInCloudModeExits69WithNothingOnStdout() async throws {
        let r = await ScriptedWalk.run(["walk", "--json", "--mode", "cloud", "--api-base", "http://127.0.0.1:1", "--deadline", "60"] + Self.accept,
                                       answers: ["y", "", "500", "", "", "", ""])
        #expect(r.status == 69)
        #expect(r.stdout.isEmpty)
        let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors == ["Error: predict_coma_ich: cloud unreachable: connection refused or failed [cloud.connect]"])
    }

    @Test(arguments: [["--api-base", "ftp://example.org"], ["--api-base", "http://127.0.0.1:1", "--deadline", "0"]])
    func anUnusableCloudSettingStopsTheWalkthroughBeforeTheFirstQuestion(_ arguments: [String]) async throws {
        let r = await ScriptedWalk.run(["walk"] + arguments + Self.accept, answers: ["y", "", "500", "", "", "", ""])
        #expect(r.status == 64)
        #expect(!r.transcript.contains { $0.contains("comatose") })
        #expect(!r.stdout.contains("comatose"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains(arguments.count == 2 ? "api-base" : "deadline"))
    }
}
