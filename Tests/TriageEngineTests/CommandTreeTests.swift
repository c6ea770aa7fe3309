import Testing
import TriageEngine

/// The walk over the command tree that finds a mistyped subcommand, on a plain tree
/// shaped like the CLI's.
@Suite struct CommandTreeTests {
    static let tree = CommandSuggestion.Node(name: "stroke-triage", subcommands: [
        .init(name: "walk"), .init(name: "route"), .init(name: "centers"),
        .init(name: "audit", subcommands: [.init(name: "verify"), .init(name: "export"), .init(name: "append-stress", shown: false)]),
        .init(name: "notify", aliases: ["n"], subcommands: [.init(name: "flush"), .init(name: "status")]),
        .init(name: "server", hasDefault: true, subcommands: [.init(name: "run")]),
    ])

    @Test func aMistypedSubcommandIsFoundWithItsPathAndSuggestion() {
        #expect(CommandSuggestion.unknownSubcommand(["rout", "--near", "Würzburg"], root: Self.tree)
            == CommandSuggestion.Unknown(word: "rout", path: ["stroke-triage"], suggestions: ["route"]))
        #expect(CommandSuggestion.unknownSubcommand(["audit", "verfy"], root: Self.tree)
            == CommandSuggestion.Unknown(word: "verfy", path: ["stroke-triage", "audit"], suggestions: ["verify"]))
        #expect(CommandSuggestion.unknownSubcommand(["n", "flsh"], root: Self.tree)
            == CommandSuggestion.Unknown(word: "flsh", path: ["stroke-triage", "n"], suggestions: ["flush"]))
    }

    @Test func hiddenCommandsAreNeverSuggested() {
        let unknown = CommandSuggestion.unknownSubcommand(["audit", "append-stres"], root: Self.tree)
        #expect(unknown?.suggestions == [])
    }

    @Test func optionsHelpLeavesAndDefaultsAreLeftToTheParser() {
        #expect(CommandSuggestion.unknownSubcommand([], root: Self.tree) == nil)
        #expect(CommandSuggestion.unknownSubcommand(["route", "--lat", "49"], root: Self.tree) == nil)
        #expect(CommandSuggestion.unknownSubcommand(["--version"], root: Self.tree) == nil)
        #expect(CommandSuggestion.unknownSubcommand(["help", "rout"], root: Self.tree) == nil)
        #expect(CommandSuggestion.unknownSubcommand(["walk", "extra"], root: Self.tree) == nil)
        #expect(CommandSuggestion.unknownSubcommand(["server", "whatever"], root: Self.tree) == nil)
        #expect(CommandSuggestion.unknownSubcommand(["audit", "verify", "x"], root: Self.tree) == nil)
    }
}
