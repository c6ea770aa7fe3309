import Foundation
import CLITestSupport

/// A walkthrough run in process (`InProcessCLI`) with its answers piped, one per line, and
/// its transcript read back in order as `PtySession` reads a terminal: `expect` finds text
/// after what earlier calls consumed. Piped answers are echoed after their prompt, so an
/// answered prompt reads `… > answer` as on a terminal; end of input is Ctrl-D.
struct WalkTranscript {
    /// A failure: the expected text is not in the rest of the transcript.
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The run's exit status and output.
    let result: BinaryRunner.Result
    private let text: [UInt8]
    private var consumed = 0

    /// Runs `arguments` with `answers` (each followed by a newline) as standard input; the
    /// transcript is stdout, or stderr with `--json` (where the prompts go then).
    static func run(_ arguments: [String], answers: [String], environment: [String: String] = [:],
                    home: URL? = nil) async -> WalkTranscript {
        // The language comes from the flag or `environment` only, as on `PtySession`'s terminal.
        var environment = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""].merging(environment) { $1 }
        if let home { environment["STROKE_TRIAGE_HOME"] = home.path }
        let stdin = answers.map { $0 + "\n" }.joined()
        let result = await InProcessCLI.run(arguments, stdin: stdin, environment: environment)
        return WalkTranscript(result: result, text: Array((arguments.contains("--json") ? result.stderr : result.stdout).utf8))
    }

    private init(result: BinaryRunner.Result, text: [UInt8]) {
        self.result = result
        self.text = text
    }

    /// The exit status.
    var status: Int32 { result.status }

    /// Every line of the transcript.
    var lines: [String] { transcript.components(separatedBy: "\n") }

    /// The whole transcript.
    var transcript: String { String(decoding: text, as: UTF8.self) }

    /// The transcript between what was consumed and the next `needle`, which is then consumed too.
    @discardableResult
    mutating func expect(_ needle: String) throws -> String {
        let bytes = Array(needle.utf8)
        guard let start = find(bytes) else {
            throw Missing(description: "no \(needle.debugDescription) after offset \(consumed); transcript:\n\(transcript)")
        }
        let seen = String(decoding: text[consumed..<start], as: UTF8.self)
        consumed = start + bytes.count
        return seen
    }

    /// Expects a prompt containing `fragment` and ending with "> ", followed by the echoed `reply`.
    mutating func answer(_ fragment: String, _ reply: String) throws {
        try expect(fragment)
        try expect("> ")
        let echo = Array((reply + "\n").utf8)  // the tests' answers hold no control characters
        guard text[consumed...].starts(with: echo) else {
            throw Missing(description: "the prompt before offset \(consumed) was not answered \(reply.debugDescription); transcript:\n\(transcript)")
        }
        consumed += echo.count
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return consumed }
        var i = consumed
        while i + needle.count <= text.count {
            if text[i] == needle[0], text[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
