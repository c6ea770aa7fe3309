extension CommandSuggestion {
    /// A command as the suggestion sees it: its name and aliases, whether help lists it,
    /// whether it has a default subcommand, and its subcommands (the CLI converts its
    /// parser's command types into this plain tree).
    public struct Node: Sendable, Hashable {
        /// The command's name (`route`).
        public let name: String
        /// Other names it answers to.
        public let aliases: [String]
        /// Whether help lists it (hidden commands are never suggested).
        public let shown: Bool
        /// Whether it runs a default subcommand when none is named.
        public let hasDefault: Bool
        /// Its subcommands, in the parser's order.
        public let subcommands: [Node]

        /// A command of these parts.
        public init(name: String, aliases: [String] = [], shown: Bool = true, hasDefault: Bool = false, subcommands: [Node] = []) {
            self.name = name
            self.aliases = aliases
            self.shown = shown
            self.hasDefault = hasDefault
            self.subcommands = subcommands
        }
    }

    /// The unknown subcommand among `arguments` under `root`, or `nil` when the words before
    /// the first option all name subcommands (the parser then reports anything else itself).
    /// Options, `help`, leaf commands and commands with a default subcommand are left to the parser.
    public static func unknownSubcommand(_ arguments: [String], root: Node) -> Unknown? {
        var command = root
        var path = [root.name]
        for word in arguments {
            guard !word.hasPrefix("-"), word != "help", !command.subcommands.isEmpty, !command.hasDefault else { return nil }
            if let next = command.subcommands.first(where: { $0.name == word || $0.aliases.contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            let names = command.subcommands.filter(\.shown).map(\.name)
            return Unknown(word: word, path: path, suggestions: nearest(word, among: names))
        }
        return nil
    }
}
