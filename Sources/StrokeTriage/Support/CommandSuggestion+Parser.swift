import ArgumentParser
import TriageEngine

extension CommandSuggestion {
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
}
