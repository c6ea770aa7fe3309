#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestScratch
import StrokeModels
import Testing

/// The station as the reference web app calls it, in Debian's headless chromium
/// (chromium-driver and Selenium, installed by Scripts/setup --tests):
/// Scripts/webapp-browser-test.py serves a page from another origin whose script
/// makes the app's requests (warm-up, login, session check, the three modules,
/// a refused input; the browser sends the CORS preflights), and checks the
/// percentages the app would show, the baseline named in the ICH driver labels,
/// the error text, and that an origin not listed is blocked. The screenshot is
/// kept under `.build/webapp-artifacts/`.
@Suite("the reference web app's requests in a real browser", .serialized)
struct WebAppBrowserTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The percentage the app shows: the probability × 100, rounded.
    static func percent(_ p: Double?) -> Int { Int(((p ?? 0) * 100).rounded()) }

    @Test func theAppsRequestsGetTheStationsNumbersLabelsAndErrors() async throws {
        let file = try StationLoginTests.passwordFile()
        let pagePort = try ServerPort.next()
        let server = try await LocalAPIServerProcess.start(["--research-password-file", file,
                                                      "--cors-origin", "http://127.0.0.1:\(pagePort)"])
        defer { server.kill() }

        var limited = TriageInputs(module: .limited, gfap: 450)
        limited.age = 70
        var full = TriageInputs(module: .full, gfap: 180)
        full.age = 70
        let expected = [
            "coma=\(Self.percent(try OfflinePredictionService.ich(TriageInputs(module: .coma, gfap: 1200)).probability))",
            "limited=\(Self.percent(try OfflinePredictionService.ich(limited).probability))",
            "fullIch=\(Self.percent(try OfflinePredictionService.ich(full).probability))",
            "fullLvo=\(Self.percent(try LVOModel.predict(gfap: 180, fastEd: 7).probability))",
        ]
        #expect(expected == ["coma=75", "limited=52", "fullIch=43", "fullLvo=51"])
        let artifacts = Self.packageRoot.appendingPathComponent(".build/webapp-artifacts")
        // Bounded: the script's own waits end well before; a hung browser is killed here.
        let run = try await ChildProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                         ["python3", Self.packageRoot.appendingPathComponent("Scripts/webapp-browser-test.py").path,
                                          "--api", server.base, "--page-port", String(pagePort), "--password", StationLoginTests.password,
                                          "--artifacts", artifacts.path] + expected.flatMap { ["--expect", $0] }).output(killingAfter: 300)
        let text = run.stdout + run.stderr
        print(text)
        #expect(run.status == 0, "\(text)")
        #expect(text.contains("browser: ok"))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("webapp.png").path))
        #expect(await server.stop() == 0)
    }
}
