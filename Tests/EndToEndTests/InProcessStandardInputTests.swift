import Foundation
import TriageLocalization
@testable import StrokeTriage
import Testing
import CLITestSupport

/// Standard input given to a command run in process (`CommandCapture`): its lines as
/// `readLine` splits them, the password of `login`, a batch's `-` streamed through a socket
/// that a reader may stop early, and the capture never counting as a terminal.
@Suite struct InProcessStandardInputTests {
    /// Reads lines until the end of the capture's input.
    static func lines(_ input: String) async -> [String] {
        await CommandCapture.capturing(CommandCapture(input: Array(input.utf8))) {
            var lines: [String] = []
            while let line = Console.readLine() { lines.append(line) }
            return lines
        }
    }

    @Test func linesEndWithLFOrCRLFAndTheLastNeedsNoNewline() async {
        #expect(await Self.lines("a\r\nb\n\nc") == ["a", "b", "", "c"])
        #expect(await Self.lines("one\n") == ["one"])
        #expect(await Self.lines("") == [])
        #expect(await Self.lines("\n") == [""])
    }

    @Test func aCaptureIsNeverATerminal() async {
        let terminal = await CommandCapture.capturing(CommandCapture()) {
            [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].contains { Console.isTerminal($0) }
        }
        #expect(!terminal)
    }

    @Test func loginReadsTheFirstLineAndAnEmptyInputIsNoPassword() async {
        for stdin in ["\n", ""] {
            let r = await InProcessCLI.run(["login", "--api-base", "http://stroke-triage-test.invalid"], stdin: stdin)
            #expect(r.status == 64)
            #expect(r.stderr == "Error: no password given [cloud.noPassword]\n")
            #expect(r.stdout.isEmpty)
        }
        // A password on the first line gets as far as the request (the host cannot be resolved).
        let r = await InProcessCLI.run(["login", "--api-base", "http://stroke-triage-test.invalid"], stdin: "secret\nsecond line\n")
        #expect(r.status == 69, "\(r.stderr)")
        #expect(!r.stderr.contains("secret"))
    }

    /// The header is refused after the first line: the batch stops reading while megabytes are still
    /// being sent, and the run ends (no hang, no SIGPIPE) with the header error.
    @Test func aBatchThatStopsReadingEarlyEndsTheInput() async {
        let rows = String(repeating: "100,5\n", count: 800_000)
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--mode", "offline"], stdin: "gfap,colour\n" + rows)
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("colour"), "\(r.stderr)")
    }

    @Test func aBatchWritingDashStreamsEveryRowIntoTheCapture() async {
        var input = "gfap,fast_ed\n"
        for i in 0..<50_000 { input += "\(100 + i % 900),\(i % 10)\n" }
        let r = await InProcessCLI.run(["batch", "--module", "lvo", "--mode", "offline", "--in", "-", "--out", "-"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } == 50_001)
        #expect(r.stderr.contains("rows passed: 50000, rows rejected: 0"))
    }
}
