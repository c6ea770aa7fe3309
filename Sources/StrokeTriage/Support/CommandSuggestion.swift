import ArgumentParser
import TriageLocalization

/// "Did you mean `route`?" for a mistyped subcommand (`stroke-triage rout --near Würzburg`).
///
/// argument-parser would read the unknown word as an argument of the parent
/// command and then complain about the first option ("Unknown option
/// '--near'"), which hides the real mistake. This looks at the words before the
/// first option: where a command expects a subcommand and the word names none,
/// it suggests the nearest names by edit distance.
enum CommandSuggestion {
    /// An unknown subcommand: the word typed, the command path it was typed under,
    /// and the nearest subcommand names (empty when none is close).
    struct Unknown: Equatable {
        let word: String
        let path: [String]
        let suggestions: [String]
    }

    /// The unknown subcommand among `arguments`, or `nil` when the words before the first
    /// option all name subcommands (the parser then reports anything else itself).
    static func unknownSubcommand(_ arguments: [String], root: ParsableCommand.Type) -> Unknown? {
        var command = root
        var path = [root._commandName]
        for word in arguments {
            let configuration = command.configuration
            // Options, `help`, leaf commands and commands with a default subcommand: leave to the parser.
            guard !word.hasPrefix("-"), word != "help", !configuration.subcommands.isEmpty,
                configuration.defaultSubcommand == nil
            else { return nil }
            if let next = configuration.subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            let names = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
            return Unknown(word: word, path: path, suggestions: nearest(word, among: names))
        }
        return nil
    }

    /// The names closest to `word`: the smallest edit distance, if at most a third of the
    /// word's length (at least 1, at most 3), or the one name `word` begins; sorted.
    static func nearest(_ word: String, among names: [String]) -> [String] {
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
    static func editDistance(_ a: String, _ b: String) -> Int {
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
    static func messages(_ unknown: Unknown, _ l: Localizer) -> [String] {
        let command = unknown.path.joined(separator: " ")
        var first = "\(l.text("error.prefix")): " + l.text("cli.unknownCommand", [.text(unknown.word), .text(command)])
        if !unknown.suggestions.isEmpty {
            first += " " + l.text("cli.didYouMean", [.text(unknown.suggestions.map { "`\($0)`" }.joined(separator: ", "))])
        }
        return [first, "\(l.text("error.hint")): " + l.text("cli.hint.commands", [.text(command)])]
    }

    /// The value of `--lang` among `arguments` (`--lang de` or `--lang=de`), for the message language.
    static func language(_ arguments: [String]) -> String? {
        for (i, argument) in arguments.enumerated() {
            if argument.hasPrefix("--lang=") { return String(argument.dropFirst("--lang=".count)) }
            if argument == "--lang", i + 1 < arguments.count { return arguments[i + 1] }
        }
        return nil
    }
}
