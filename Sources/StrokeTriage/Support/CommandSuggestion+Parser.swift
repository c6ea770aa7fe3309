import ArgumentParser
import TriageEngine

extension CommandSuggestion.Node {
    /// The plain tree of an argument-parser command and its subcommands, for `CommandSuggestion.unknownSubcommand`.
    init(_ command: ParsableCommand.Type) {
        let configuration = command.configuration
        self.init(name: command._commandName, aliases: configuration.aliases, shown: configuration.shouldDisplay,
                  hasDefault: configuration.defaultSubcommand != nil, subcommands: configuration.subcommands.map { Self($0) })
    }
}
