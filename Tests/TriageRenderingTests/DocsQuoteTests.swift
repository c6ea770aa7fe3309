import Foundation
import Testing

/// Every prompt and message the docs quote from a terminal session exists in the English strings
/// tables (issue 35, item 10): docs that show a prompt the program no longer asks fail here.
///
/// A quote is a line of a ```text block in docs/*.md or README.md that is a prompt (it holds " > ",
/// the walkthrough's prompt mark) or a message (it starts with "→ " or "! "). A prompt `Question
/// (detail) > answer` is checked in its parts: the question and the detail must each be a value of
/// the tables with its arguments filled in (any text stands for a `%@`/`%d` argument); a detail the
/// terminal moved to its own line (`(detail) > answer`) is checked with the question on the line above.
@Suite struct DocsQuoteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The English values, each as a pattern matching the value with any arguments.
    static func patterns() throws -> [NSRegularExpression] {
        let folder = root.appendingPathComponent("Localization/en")
        let entry = try NSRegularExpression(pattern: #"^"(?:[^"\\]|\\.)*"\s*=\s*"((?:[^"\\]|\\.)*)";\s*$"#)
        let argument = try NSRegularExpression(pattern: #"%(\d+\$)?(@|d|ld|lld|u|f|\.\d+f|s)"#)
        var out: [NSRegularExpression] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".strings") {
            for line in try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n") {
                let text = String(line)
                guard let match = entry.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                      let range = Range(match.range(at: 1), in: text) else { continue }
                let value = text[range].replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "%%", with: "%")
                // The text between arguments escaped; every argument stands for any text.
                var pattern = "^", last = value.startIndex, words = ""
                for found in argument.matches(in: value, range: NSRange(value.startIndex..., in: value)) {
                    guard let range = Range(found.range, in: value) else { continue }
                    words += value[last..<range.lowerBound]
                    pattern += NSRegularExpression.escapedPattern(for: String(value[last..<range.lowerBound])) + ".+?"
                    last = range.upperBound
                }
                words += value[last...]
                pattern += NSRegularExpression.escapedPattern(for: String(value[last...])) + "$"
                // A value of arguments and punctuation only ("%1$@, %2$@") would match any quote: it vouches for none.
                guard words.contains(where: \.isLetter) else { continue }
                out.append(try NSRegularExpression(pattern: pattern))
            }
        }
        return out
    }

    /// The quoted lines of every ```text block: (file, line, the line above).
    static func quotes() throws -> [(file: String, text: String, above: String)] {
        let docs = root.appendingPathComponent("docs")
        let files = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
            .map { docs.appendingPathComponent($0) } + [root.appendingPathComponent("README.md")]
        var out: [(String, String, String)] = []
        for file in files {
            var inText = false, above = ""
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("```") {
                    inText = line == "```text"
                    above = ""
                    continue
                }
                guard inText else { continue }
                if line.contains(" > ") || line.hasSuffix(" >") || line.hasPrefix("→ ") || line.hasPrefix("! ") {
                    out.append((file.lastPathComponent, line, above))
                }
                above = line
            }
        }
        return out
    }

    /// True when `text` is a value of the tables, or values joined by ", " (a message of messages,
    /// e.g. the detail "years, a whole number from 0 to 120" is `walk.detail.number` of a unit and a range).
    static func known(_ text: String, _ patterns: [NSRegularExpression]) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if patterns.contains(where: { $0.firstMatch(in: trimmed, range: NSRange(trimmed.startIndex..., in: trimmed)) != nil }) { return true }
        var search = trimmed.startIndex
        while let comma = trimmed.range(of: ", ", range: search..<trimmed.endIndex) {
            if known(String(trimmed[..<comma.lowerBound]), patterns), known(String(trimmed[comma.upperBound...]), patterns) { return true }
            search = comma.upperBound
        }
        return false
    }

    /// The parts of a quote to look up: a message whole; a prompt's question and detail.
    static func parts(_ quote: (file: String, text: String, above: String)) -> [String] {
        if quote.text.hasPrefix("→ ") || quote.text.hasPrefix("! ") { return [String(quote.text.dropFirst(2))] }
        let prompt = quote.text.range(of: " > ", options: .backwards).map { String(quote.text[..<$0.lowerBound]) }
            ?? String(quote.text.dropLast(2))
        guard prompt.hasSuffix(")"), let open = prompt.range(of: " (", options: .backwards) ?? (prompt.hasPrefix("(") ? prompt.range(of: "(") : nil) else {
            return [prompt]
        }
        let detail = String(prompt[open.upperBound..<prompt.index(before: prompt.endIndex)])
        let question = open.lowerBound == prompt.startIndex ? quote.above : String(prompt[..<open.lowerBound])
        return [question, detail]
    }

    @Test("every prompt and message quoted in docs/ and the README is in the English strings tables")
    func quotedTextExists() throws {
        let patterns = try Self.patterns()
        let quotes = try Self.quotes()
        #expect(quotes.count >= 10, "the docs quote the walkthrough")
        for quote in quotes {
            for part in Self.parts(quote) where !Self.known(part, patterns) {
                Issue.record("\(quote.file): \"\(part)\" (in \"\(quote.text)\") is in no strings table")
            }
        }
    }

    @Test("the check catches a prompt the program no longer asks")
    func catchesAStaleQuote() throws {
        let patterns = try Self.patterns()
        let stale = (file: "x.md", text: "Location (lat,lon in degrees; Enter skips) > ", above: "")
        #expect(Self.parts(stale) == ["Location", "lat,lon in degrees; Enter skips"])
        let staleKnown = Self.known("lat,lon in degrees; Enter skips", patterns)
        let currentKnown = Self.known("place or lat,lon; Enter skips", patterns)
        #expect(!staleKnown)
        #expect(currentKnown)
    }
}
