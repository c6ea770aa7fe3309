import Foundation

/// The commands a document shows, read as docs/docs-as-tests.md describes, so a test can run each
/// as written: every line of a fenced `sh` block, and every `$ ` line of any other fenced block
/// (the lines after it, up to the next `$ ` line, are its documented output). A line ending in `\`
/// continues on the next. A trailing comment (two spaces, then `# `) may say how the line runs:
/// `not run` with the reason (shown only), `exit N` (the status it ends with; else 0), `as root` (run only
/// when the test runs as root), `until Ctrl-C` (a server: started, awaited on its `--listen`
/// address, and stopped when the document's commands are done).
public struct DocsCommand: Sendable, CustomStringConvertible {
    /// The command line as written, continuation lines joined, the trailing comment removed.
    public var command: String
    /// The exit status the document states (`exit N` in the comment), else 0.
    public var expectedStatus: Int32
    /// `false` for a line marked `not run` (with its reason).
    public var runs: Bool
    /// The trailing comment, without `#` (empty when there is none).
    public var comment: String
    /// Whether the line is marked `as root`.
    public var needsRoot: Bool
    /// Whether the line is a server that runs `until Ctrl-C`.
    public var serves: Bool

    /// Whether a line shown only says why: words besides `not run` in its comment.
    public var saysWhyNotRun: Bool {
        comment.replacingOccurrences(of: "not run", with: "").contains { $0.isLetter }
    }
    /// The documented output after a `$ ` line, as written (empty in an `sh` block).
    public var output: [String]
    /// The document and the line the command starts on, for failure messages.
    public var location: String

    public var description: String { "\(location): \(command)" }

    /// The documented output lines a run must print, in this order: every line but the blank ones
    /// and the document's elisions (a line holding `…`, or `...` alone); a trailing `(stderr)`, which
    /// says where the line goes, is not part of it.
    public var keyLines: [String] {
        output.map { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasSuffix("(stderr)") ? String(trimmed.dropLast(8)).trimmingCharacters(in: .whitespaces) : trimmed
        }.filter { !$0.isEmpty && !$0.contains("…") && $0 != "..." }
    }
}

/// Reads the commands of a Markdown document (`DocsCommand`) and the placeholder table of
/// docs/docs-as-tests.md.
public enum DocsCommandBlocks {
    /// The repository's root (this file is Tests/CLITestSupport/DocsCommandBlocks.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every command of the document at `path` (relative to the root), in document order.
    public static func commands(in path: String) throws -> [DocsCommand] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        return commands(markdown: text, name: path)
    }

    /// Every command of `markdown` (named `name` in locations), in document order.
    public static func commands(markdown: String, name: String) -> [DocsCommand] {
        var found: [DocsCommand] = []
        var fence: String?          // the open fence's info string
        var session = false         // the open block holds `$ ` lines
        var blockStart = 0          // the index in `found` of the open block's first command
        var pending: (text: String, line: Int)?
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                if fence == nil {
                    fence = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    session = lines[(index + 1)...].prefix { !$0.hasPrefix("```") }.contains { $0.hasPrefix("$ ") }
                    blockStart = found.count
                } else {
                    fence = nil
                }
                continue
            }
            guard let info = fence else { continue }
            if let open = pending {
                let joined = open.text + "\n" + line
                pending = line.hasSuffix("\\") ? (joined, open.line) : nil
                if pending == nil { found.append(command(joined, at: "\(name):\(open.line)")) }
                continue
            }
            let text: String
            if session {
                guard line.hasPrefix("$ ") else {
                    if found.count > blockStart { found[found.count - 1].output.append(line) }
                    continue
                }
                text = String(line.dropFirst(2))
            } else {
                guard info == "sh", !line.trimmingCharacters(in: .whitespaces).isEmpty,
                      !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") else { continue }
                text = line
            }
            if text.hasSuffix("\\") { pending = (text, index + 1) } else { found.append(command(text, at: "\(name):\(index + 1)")) }
        }
        return found
    }

    /// One command from its (joined) text: the trailing comment read, the continuations kept for the shell.
    static func command(_ text: String, at location: String) -> DocsCommand {
        var command = text, comment = ""
        // The last line's trailing comment: two spaces, then `# `.
        if let range = text.range(of: "  # ", options: .backwards),
           !text[range.upperBound...].contains("\n") {
            comment = String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            command = String(text[..<range.lowerBound])
        }
        var status: Int32 = 0
        if let match = comment.range(of: #"\bexit [0-9]+\b"#, options: .regularExpression) {
            status = Int32(comment[match].dropFirst(5)) ?? 0
        }
        return DocsCommand(command: command.trimmingCharacters(in: .whitespaces), expectedStatus: status,
                           runs: !comment.contains("not run"), comment: comment, needsRoot: comment.contains("as root"),
                           serves: comment.contains("until Ctrl-C"), output: [], location: location)
    }

    /// The files a document shows as fenced blocks whose info string names one after the language
    /// (```` ```json request.json ````): name and content, in document order.
    public static func files(in path: String) throws -> [(name: String, content: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var files: [(String, String)] = []
        var fence: (name: String?, lines: [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("```") else { fence?.lines.append(String(line)); continue }
            if let block = fence {
                if let name = block.name { files.append((name, block.lines.joined(separator: "\n") + "\n")) }
                fence = nil
            } else {
                let info = line.dropFirst(3).split(separator: " ")
                fence = (info.count == 2 ? String(info[1]) : nil, [])
            }
        }
        return files
    }

    /// The placeholder table of docs/docs-as-tests.md: each row's first code span (as written in the
    /// docs) and third code span (what the test runs instead), longest first so a longer text wins.
    public static func placeholders() throws -> [(written: String, replacement: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/docs-as-tests.md"), encoding: .utf8)
        var rows: [(String, String)] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            // `\|` is a `|` inside a cell (Markdown's escape in a table).
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|")
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{1}", with: "|") }
            guard cells.count >= 3, let written = codeSpan(cells[0]), let replacement = codeSpan(cells[2]) else { continue }
            rows.append((written, replacement))
        }
        return rows.sorted { $0.0.count > $1.0.count }
    }

    /// `text` with every placeholder replaced.
    public static func substitute(_ text: String, _ placeholders: [(written: String, replacement: String)]) -> String {
        placeholders.reduce(text) { $0.replacingOccurrences(of: $1.written, with: $1.replacement) }
    }

    /// The text of a cell that is one code span (`` `…` ``), else `nil`.
    static func codeSpan(_ cell: String) -> String? {
        guard cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count >= 2 else { return nil }
        return String(cell.dropFirst().dropLast())
    }
}
