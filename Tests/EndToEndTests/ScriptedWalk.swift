import Foundation
import StrokeCloud
@testable import StrokeTriage
import Testing
import TriageEngine
import TriageLocalization
import TriageRendering
import CLITestSupport

/// Runs `stroke-triage walk …` in the test process (as `InProcessCLI` runs other command
/// lines: its own environment, captured output, the real parsing, command and exit status),
/// with a scripted dialog in place of the terminal (`WalkCommand.scriptedDialog`): each
/// question must contain the script's prompt, and the answers end with the end of input.
///
/// The cloud clock is a still one unless given (`StillCloudClock`).
///
/// The terminal itself (echo, Ctrl-C, Ctrl-D, the pseudo-terminal) stays with the process
/// tests (`PtySession`).
enum ScriptedWalk {
    /// A run's exit status and output, the lines the dialog showed, and the prompts that did not match.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Every line the dialog showed (questions included), in order.
        let transcript: [String]
        /// "expected …, asked …" for each question that did not contain its prompt.
        let mismatches: [String]

        /// stdout parsed as one JSON object.
        func json() throws -> [String: Any] { try BinaryRunner.Result(status: status, stdout: stdout, stderr: stderr).json() }
    }

    /// Runs `arguments` (starting with `walk`) answering each question of `script` in turn
    /// (a prompt the question must contain, and the answer).
    static func run(_ arguments: [String], script: [(prompt: String, answer: String)],
                    environment: [String: String] = [:], clock: any CloudClock = StillCloudClock()) async -> Result {
        let dialog = Dialog(script)
        var values = ProcessInfo.processInfo.environment
        let home = environment["STROKE_TRIAGE_HOME"] == nil ? BinaryRunner.temporaryHome() : nil
        defer { if let home { try? FileManager.default.removeItem(at: home) } }
        if let home { values["STROKE_TRIAGE_HOME"] = home.path }
        values["NO_COLOR"] = "1"
        for (key, value) in environment { values[key] = value }
        let capture = Console.Capture()
        let status = await ProcessEnvironment.withValues(values) {
            await Console.capturing(capture) {
                await WalkCommand.$scriptedDialog.withValue(dialog) {
                    await CloudSettings.$clock.withValue(clock) { await StrokeTriage.run(arguments) }
                }
            }
        }
        let (stdout, stderr) = capture.texts
        return Result(status: status, stdout: stdout, stderr: stderr, transcript: dialog.transcript, mismatches: dialog.mismatches)
    }

    /// Runs `arguments` answering with `answers` whatever is asked (as piped standard input would).
    static func run(_ arguments: [String], answers: [String], environment: [String: String] = [:]) async -> Result {
        await run(arguments, script: answers.map { (prompt: "", answer: $0) }, environment: environment)
    }

    /// A dialog that answers from a script and keeps every line shown (80 columns, no colour).
    final class Dialog: WalkDialog, @unchecked Sendable {
        let style = TextStyle(colour: false, width: 80)
        private let lock = NSLock()
        private var script: [(prompt: String, answer: String)]
        private var lines: [String] = []
        private var wrong: [String] = []

        init(_ script: [(prompt: String, answer: String)]) { self.script = script }

        var transcript: [String] { lock.withLock { lines } }
        var mismatches: [String] { lock.withLock { wrong } }

        func say(_ line: String) { lock.withLock { lines.append(line) } }
        func say(wrapped text: String, indent: String, hangingIndent: String?) {
            for line in style.wrap(text, indent: indent, hangingIndent: hangingIndent) { say(line) }
        }
        func warn(_ text: String) {
            for line in style.wrap("! " + text, hangingIndent: "  ") { say(line) }
        }
        /// Shows the prompt as `WalkTerminal` lays it out (the detail on a line of its own when
        /// the prompt and the answer's room would not fit) and answers from the script.
        func ask(_ question: String, detail: String?) -> String? {
            let shown = detail.map { "\(question) (\($0))" } ?? question
            if TextStyle.visibleWidth(shown + " > ") + WalkTerminal.answerRoom > style.width {
                say(wrapped: question)
                say(detail.map { "(\($0)) >" } ?? ">")
            } else {
                say(shown + " >")
            }
            return lock.withLock {
                guard !script.isEmpty else { return nil }
                let (prompt, answer) = script.removeFirst()
                if !shown.contains(prompt) { wrong.append("expected \(prompt), asked \(shown)") }
                return answer
            }
        }
    }
}
