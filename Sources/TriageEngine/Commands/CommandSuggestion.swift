import TriageLocalization

/// "Did you mean `route`?" for a mistyped subcommand (`stroke-triage rout --near Würzburg`).
///
/// argument-parser would read the unknown word as an argument of the parent
/// command and then complain about the first option ("Unknown option
/// '--near'"), which hides the real mistake. This looks at the words before the
/// first option: where a command expects a subcommand and the word names none,
/// it suggests the nearest names by edit distance. The walk over the command tree
/// stays with the command line parser (the CLI); this is the pure part.
///
/// ```swift
/// let unknown = CommandSuggestion.Unknown(word: "rout", path: ["stroke-triage"],
///                                         suggestions: CommandSuggestion.nearest("rout", among: ["route", "walk"]))
/// CommandSuggestion.messages(unknown, localizer)  // "error: … Did you mean `route`?", hint
/// ```
public enum CommandSuggestion {
    /// An unknown subcommand: the word typed, the command path it was typed under,
    /// and the nearest subcommand names (empty when none is close).
    public struct Unknown: Equatable, Sendable {
        /// The word typed where a subcommand was expected.
        public let word: String
        /// The command path it was typed under (`["stroke-triage", "audit"]`).
        public let path: [String]
        /// The nearest subcommand names, sorted (empty when none is close).
        public let suggestions: [String]

        /// An unknown subcommand `word` under `path`, with `suggestions`.
        public init(word: String, path: [String], suggestions: [String]) {
            self.word = word
            self.path = path
            self.suggestions = suggestions
        }
    }

    /// The names closest to `word`: the smallest edit distance, if at most a third of the
    /// word's length (at least 1, at most 3), or the one name `word` begins; sorted.
    public static func nearest(_ word: String, among names: [String]) -> [String] {
        let typed = word.lowercased()
        let distances = names.map { (name: $0, distance: editDistance(typed, $0.lowercased())) }
        let limit = min(3, max(1, typed.count / 3))
        if let best = distances.map(\.distance).min(), best <= limit {
            return distances.filter { $0.distance == best }.map(\.name).sorted()
        }
        let prefixed = names.filter { typed.count >= 2 && $0.lowercased().hasPrefix(typed) }
        return prefixed.count == 1 ? prefixed : []
    }

    /// Levenshtein distance (insertions, deletions and substitutions of characters).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The error lines: the unknown command with the suggestion, and where to find the list.
    public static func messages(_ unknown: Unknown, _ l: Localizer) -> [String] {
        let command = unknown.path.joined(separator: " ")
        var first = "\(l.text("error.prefix")): " + l.text("cli.unknownCommand", [.text(unknown.word), .text(command)])
        if !unknown.suggestions.isEmpty {
            first += " " + l.text("cli.didYouMean", [.text(unknown.suggestions.map { "`\($0)`" }.joined(separator: ", "))])
        }
        return [first, "\(l.text("error.hint")): " + l.text("cli.hint.commands", [.text(command)])]
    }

    /// The value of `--lang` among `arguments` (`--lang de` or `--lang=de`), for the message language.
    public static func language(_ arguments: [String]) -> String? {
        for (i, argument) in arguments.enumerated() {
            if argument.hasPrefix("--lang=") { return String(argument.dropFirst("--lang=".count)) }
            if argument == "--lang", i + 1 < arguments.count { return arguments[i + 1] }
        }
        return nil
    }

    /// The bare command is the walkthrough, so its flags work there too: `stroke-triage --lang de`
    /// runs `stroke-triage walk --lang de`. The root's own flags (help, version, completion) stay the root's.
    public static func walkthroughFlagsOnBareCommand(_ arguments: [String]) -> [String] {
        let rootFlags = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"]
        guard let first = arguments.first, first.hasPrefix("-"),
              !rootFlags.contains(where: { first == $0 || first.hasPrefix($0 + "=") }) else { return arguments }
        return ["walk"] + arguments
    }
}
