import Foundation
import Testing
import TestScratch

/// The hospital board in Debian's headless chromium (chromium-driver and
/// Selenium, installed by Scripts/setup): Scripts/board-browser-test.py loads
/// the board, sends a case with the real CLI and checks it appears live, with
/// ETA and urgency, a labelled badge and enough contrast. The screenshot is
/// kept under `.build/prenotify-artifacts/` (the path is printed).
@Suite("pre-notification board in a real browser", .serialized)
struct PrenotifyBrowserTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("a case sent from the CLI appears on the open board without a reload, labelled and readable")
    func boardShowsTheCaseLive() async throws {
        let h = try await PrenotifyHarness()
        defer { h.stop() }
        let hospital = try await PrenotifyEndToEndTests.routedHospital(h)
        try await h.startRelay()
        let board = try await h.startBoard(hospital, keyFile: try h.addHospital(hospital))
        let artifacts = Self.packageRoot.appendingPathComponent(".build/prenotify-artifacts")

        var env = ProcessInfo.processInfo.environment
        env["STROKE_TRIAGE_DEVICE"] = h.device
        // Bounded: the script's own waits end well before; a hung browser is killed here.
        let run = try await ChildProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                         ["python3", Self.packageRoot.appendingPathComponent("Scripts/board-browser-test.py").path,
                                          "--board", board, "--cli", PrenotifyHarness.cli.path, "--home", h.home.path,
                                          "--relay", h.relayURL, "--hospital", hospital, "--artifacts", artifacts.path],
                                         environment: env).output(killingAfter: 300)
        let text = run.stdout + run.stderr
        print(text)
        #expect(run.status == 0, "\(text)")
        #expect(text.contains("browser: ok"))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("board.png").path))
    }
}
