import Foundation
import StrokeJSON
import Testing
import TestJSON
import TestScratch

/// The walkthrough with a fleet collector configured that cannot be reached:
/// the assessment runs exactly as without one, a background push is started
/// after the result, and the records stay pending.
@Suite struct WalkthroughPushTests {
    @Test func unreachableCollectorNeverDisturbsTheWalkthrough() async throws {
        let home = BinaryRunner.temporaryHome()
        try Data(#"{"collector":"http://127.0.0.1:1","device":"AMB-12"}"#.utf8)
            .write(to: home.appendingPathComponent("config.json"))
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"], home: home)
        try WalkthroughTerminalTests.answer(s, "Is the patient comatose (GCS 8 or below)? (y/n)", "y")
        try WalkthroughTerminalTests.answer(s, "Blood glucose", "")
        try WalkthroughTerminalTests.answer(s, "GFAP (pg/mL, a number from 29 to 10001; Enter: pending)", "500")
        try WalkthroughTerminalTests.answer(s, "Minutes since symptom onset", "")
        try WalkthroughTerminalTests.answer(s, "Location", "")
        try WalkthroughTerminalTests.answer(s, "Compute? [Y/n/b]", "")
        let result = try s.expect("Save a Markdown handover report?")
        #expect(result.contains("ICH: not assessable before imaging"))
        try s.expect("> ")
        s.send("")
        #expect(try s.waitForExit() == 0)
        // The detached push ran (it takes its lock beside the key file) and left the records pending.
        let lock = home.appendingPathComponent("state/collector-push.lock")
        try await waitUntil(timeout: .seconds(60), poll: .milliseconds(100), "the detached push's lock file") {
            FileManager.default.fileExists(atPath: lock.path)
        }
        let status = try await BinaryRunner.run(["audit", "push", "--status", "--json"],
                                          environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(status.status == 0, "\(status.stderr)")
        let json = try status.json()
        #expect(json["reachable"].boolValue == false)
        #expect((json["pending"].intValue ?? 0) > 0)
        #expect(json["pending"].intValue == json["localHead"].intValue)
    }
}
