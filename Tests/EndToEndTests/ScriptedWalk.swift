import CLITestSupport
import Foundation
import HTTPTransfer
import StrokeCloud
import StrokeJSON
import TestJSON
import TriageEngine

/// Runs `stroke-triage walk …` in the test process (`InProcessCLI`: its own environment,
/// captured output, the real parsing, command, terminal dialog and exit status) with a
/// script's answers piped as its standard input, one per line; each answered question must
/// show the script's prompt, in order. End of input ends the answers (as Ctrl-D would).
///
/// The cloud clock is a still one unless given (`StillCloudClock`).
///
/// The terminal itself (Ctrl-C, Ctrl-D, colour, the pseudo-terminal) stays with the process
/// tests (`PtySession`); `WalkTranscript` reads a piped run back in order.
enum ScriptedWalk {
    /// A run's exit status and output, the lines the walkthrough showed, and the prompts that did not appear.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Every line the walkthrough showed (questions with their echoed answers), in order.
        let transcript: [String]
        /// "expected …" for each prompt of the script that the walkthrough did not show, in order.
        let mismatches: [String]

        /// stdout parsed as one JSON object.
        func json() throws -> JSONValue { try BinaryRunner.Result(status: status, stdout: stdout, stderr: stderr).json() }
    }

    /// Runs `arguments` (starting with `walk`) answering each question of `script` in turn
    /// (a prompt the question must show, and the answer).
    static func run(_ arguments: [String], script: [(prompt: String, answer: String)],
                    environment: [String: String] = [:], clock: any TransferClock = StillCloudClock()) async -> Result {
        let stdin = script.map { $0.answer + "\n" }.joined()
        let run = await InProcessCLI.run(arguments, stdin: stdin, environment: environment, clock: clock)
        // The prompts go to stderr with --json (stdout keeps the one JSON object).
        var transcript = (arguments.contains("--json") ? run.stderr : run.stdout).components(separatedBy: "\n")
        while transcript.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { transcript.removeLast() }
        var mismatches: [String] = []
        var next = 0
        for (prompt, _) in script where !prompt.isEmpty {
            if let found = transcript[next...].firstIndex(where: { $0.contains(prompt) }) {
                next = found + 1
            } else {
                mismatches.append("expected \(prompt.debugDescription) after line \(next)")
            }
        }
        return Result(status: run.status, stdout: run.stdout, stderr: run.stderr, transcript: transcript, mismatches: mismatches)
    }

    /// Runs `arguments` answering with `answers` whatever is asked.
    static func run(_ arguments: [String], answers: [String], environment: [String: String] = [:]) async -> Result {
        await run(arguments, script: answers.map { (prompt: "", answer: $0) }, environment: environment)
    }
}
