import Foundation
import Testing

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
        let h = try PrenotifyHarness()
        defer { h.stop() }
        let hospital = try PrenotifyEndToEndTests.routedHospital(h)
        try await h.startRelay()
        let board = try await h.startBoard(hospital, keyFile: try h.addHospital(hospital))
        let artifacts = Self.packageRoot.appendingPathComponent(".build/prenotify-artifacts")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.packageRoot.appendingPathComponent("Scripts/board-browser-test.py").path,
                             "--board", board, "--cli", PrenotifyHarness.cli.path, "--home", h.home.path,
                             "--relay", h.relayURL, "--hospital", hospital, "--artifacts", artifacts.path]
        var env = ProcessInfo.processInfo.environment
        env["STROKE_TRIAGE_DEVICE"] = h.device
        process.environment = env
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Bounded: the script's own waits end well before; a hung browser is killed here.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(300))
            if process.isRunning { process.terminate() }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        print(text)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("browser: ok"))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("board.png").path))
    }
}
