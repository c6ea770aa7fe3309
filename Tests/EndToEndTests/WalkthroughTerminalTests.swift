import Foundation
import StrokeModels
import Testing

/// The walkthrough through a real pseudo-terminal, where the terminal is the point:
/// no arguments on a terminal start it, Ctrl-D and Ctrl-C, colour only on a terminal.
/// The paths, re-asking, going back and German run in process (`WalkthroughPipedTests`).
@Suite struct WalkthroughTerminalTests {
    static func percent(_ p: Double?) -> String { "\(Int((p! * 100).rounded())) %" }

    static func expected(_ inputs: TriageInputs) throws -> Assessment {
        try OfflinePredictionService().assessNow(inputs)
    }

    /// Waits for a prompt containing `fragment` and ending with "> ", then answers it.
    static func answer(_ s: PtySession, _ fragment: String, _ text: String) throws {
        try s.expect(fragment)
        try s.expect("> ")
        s.send(text)
    }

    /// No arguments on a terminal start the walkthrough (off a terminal they print the help);
    /// Ctrl-D at a question ends it with status 0.
    @Test func noArgumentsOnATerminalStartTheWalkthroughAndCtrlDExitsZero() throws {
        let s = try PtySession([])
        try s.expect("research software")
        try Self.answer(s, "Type yes to accept", "yes")
        try Self.answer(s, "comatose", "n")
        try s.expect("examined neurologically")
        try s.expect("> ")
        s.control(4)
        #expect(try s.waitForExit() == 0)
    }

    @Test func ctrlCExits130AndLeavesTheTerminalSane() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"])
        try Self.answer(s, "comatose", "n")
        try s.expect("examined neurologically")
        try s.expect("> ")
        s.control(3)
        #expect(try s.waitForExit() == 130)
        #expect(s.terminalIsSane)
    }

    @Test func colourOnlyOnATerminalWithoutNoColorAndNeverAlone() throws {
        let s = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer"], environment: ["NO_COLOR": ""])
        for (prompt, reply) in [("comatose", "y"), ("Blood glucose", ""), ("GFAP", "500"), ("Minutes", ""), ("Location", ""), ("Compute?", "")] {
            try Self.answer(s, prompt, reply)
        }
        let result = try s.expect("Save a Markdown handover report?")
        #expect(result.contains("\u{1B}["))
        // The coma module's baseline ICH is not decision-grade: no risk word at a glance (issue 44).
        #expect(result.contains("no calibrated estimate offline") && !result.contains("high"))
        s.control(4)
        #expect(try s.waitForExit() == 0)
        let plain = try PtySession(["walk", "--mode", "offline", "--accept-disclaimer", "--no-color"], environment: ["NO_COLOR": ""])
        for (prompt, reply) in [("comatose", "y"), ("Blood glucose", ""), ("GFAP", "500"), ("Minutes", ""), ("Location", ""), ("Compute?", "")] {
            try Self.answer(plain, prompt, reply)
        }
        #expect(!(try plain.expect("Save a Markdown handover report?")).contains("\u{1B}["))
        plain.control(4)
        #expect(try plain.waitForExit() == 0)
    }
}
