import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeModels
import TriageEngine
import TriageRendering

/// The walkthrough's side of the terminal: prompts and messages (on stdout,
/// or on stderr when `--json` keeps stdout for the one JSON object), and
/// whole lines read in canonical mode. Piped stdin works, one answer per line;
/// the answer is then echoed (control characters escaped) so the transcript reads like a terminal session.
struct WalkTerminal: WalkDialog {
    /// Colour and width of the interactive output.
    let style: TerminalStyle
    /// Columns kept free after a prompt for the typed answer.
    static let answerRoom = 12
    private let toStderr: Bool
    private let echo: Bool

    /// A terminal writing to stderr when `json` is set, else stdout.
    init(_ options: OutputOptions) {
        toStderr = options.json
        style = TerminalStyle(options, fd: options.json ? STDERR_FILENO : STDOUT_FILENO)
        echo = !Console.isTerminal(STDIN_FILENO)
    }

    /// Writes a line.
    func say(_ line: String) { raw(line + "\n") }

    /// Writes wrapped text.
    func say(wrapped text: String, indent: String, hangingIndent: String?) {
        for line in style.wrap(text, indent: indent, hangingIndent: hangingIndent) { say(line) }
    }

    /// Writes a warning line ("! …"), wrapped.
    func warn(_ text: String) {
        for line in style.wrap("! " + text, hangingIndent: "  ") { say(style.warning(line)) }
    }

    /// Shows a prompt ending with `> ` (the detail moves to its own line if it would not fit)
    /// and reads the answer; `nil` at end of input (Ctrl-D).
    func ask(_ question: String, detail: String?) -> String? {
        let oneLine = detail.map { "\(question) (\($0)) > " } ?? "\(question) > "
        if TerminalStyle.visibleWidth(oneLine) + Self.answerRoom <= style.width {
            raw(oneLine)
        } else {
            say(wrapped: question)
            raw(detail.map { "(\($0)) > " } ?? "> ")
        }
        guard let line = Console.readLine() else {
            raw("\n")
            return nil
        }
        // The echo of a piped answer is shown escaped: an escape sequence or a bidi
        // override in the input never reaches the terminal raw.
        if echo { raw(line.escapingControlCharacters + "\n") }
        return line
    }

    private func raw(_ text: String) {
        if toStderr {
            Console.errRaw(text)
        } else {
            Console.outRaw(text)
        }
    }
}
