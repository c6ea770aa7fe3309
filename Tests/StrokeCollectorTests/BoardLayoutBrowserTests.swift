import Foundation
import StrokeJSON
import Testing
import TestJSON
import TestScratch

/// Long unbroken strings in a verified case do not break the board's page (issue 29, item 2): the page the
/// board renders for such a case, in Debian's headless chromium at a wall screen's and a phone's width, is
/// nowhere wider than the window (Scripts/board-layout-test.py).
@Suite("board layout in a real browser", .serialized)
struct BoardLayoutBrowserTests {
    @Test("a 3,000-character word in a warning, a model name and the disclaimer wraps inside its case")
    func longWordsWrap() async throws {
        let long = String(repeating: "W", count: 3_000)
        let text = String(decoding: BoardTests.caseJSON, as: UTF8.self)
            .replacingOccurrences(of: #""warnings":[],"disclaimer""#, with: "\"warnings\":[\"\(long)\"],\"disclaimer\"")
            .replacingOccurrences(of: "ich-baseline-age-gfap-logistic", with: "model-" + long)
            .replacingOccurrences(of: "Clinical judgement decides.", with: long)
        try await RelayHarness.run { relay in
            let keys = try await relay.addHospital("H1")
            let device = SimulatedDevice(name: "AMB-12")
            try await relay.add(device)
            let sent = try await relay.send(Data(text.utf8), from: device, to: "H1", keys: keys)
            try await BoardHarness.run(relay: relay, hospitalId: "H1", keys: keys) { board in
                #expect(try await board.waitForCase(sent.caseId)["verdict"].stringValue == "valid")
                let page = try await board.page()
                #expect(page.contains(long))
                let file = NSTemporaryDirectory() + "board-layout-\(sent.caseId).html"
                defer { try? FileManager.default.removeItem(atPath: file) }
                try Data(page.utf8).write(to: URL(fileURLWithPath: file))
                let (status, output) = try await Self.runLayoutScript(file)
                #expect(status == 0, "\(output)")
                #expect(output.contains("layout: ok"))
            }
        }
    }

    /// Runs Scripts/board-layout-test.py on `file` (bounded: a hung browser is killed after 180 s).
    static func runLayoutScript(_ file: String) async throws -> (Int32, String) {
        let script = PrenotifyBrowserTests.packageRoot.appendingPathComponent("Scripts/board-layout-test.py").path
        let run = try await ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, file]).output(killingAfter: 180)
        return (run.status, run.stdout + run.stderr)
    }
}
