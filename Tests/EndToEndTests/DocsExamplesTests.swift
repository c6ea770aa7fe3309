import Foundation
import StrokeJSON
import TestJSON
import TestScratch
import Testing
import CLITestSupport

/// docs/commands.md is a contract: every command and subcommand of the built
/// binary has a runnable example there. `DocsRunTests` runs each example as
/// written (docs/docs-as-tests.md).
@Suite("docs/commands.md examples")
struct DocsExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every command line of docs/commands.md (docs/docs-as-tests.md's reading).
    static func examples() throws -> [DocsCommand] { try DocsCommandBlocks.commands(in: "docs/commands.md") }

    /// Every visible command path of the binary, e.g. `["audit", "verify"]`, from its help dump.
    static func commandPaths() async throws -> [[String]] {
        let r = await InProcessCLI.run(["--experimental-dump-help"])
        let dump = try JSONValue(parsing: Data(r.stdout.utf8)).object
        var paths: [[String]] = []
        func walk(_ command: JSONValue, _ path: [String]) {
            for sub in command["subcommands"].arrayValue ?? [] {
                guard let name = sub["commandName"].stringValue, name != "help",
                      sub["shouldDisplay"].boolValue ?? true else { continue }
                paths.append(path + [name])
                walk(sub, path + [name])
            }
        }
        walk(dump?["command"].object ?? .object([]), [])
        return paths
    }

    @Test("every command and subcommand has a runnable example in docs/commands.md")
    func everyCommandHasAnExample() async throws {
        let runnable = try Self.examples().filter(\.runs).map(\.command)
        let paths = try await Self.commandPaths()
        #expect(paths.count >= 20)
        for path in paths {
            let call = "stroke-triage " + path.joined(separator: " ")
            let covered = runnable.contains { $0.contains(call + " ") || $0.hasSuffix(call) }
            #expect(covered, "docs/commands.md has no runnable example of `\(call)`")
        }
    }

    @Test("the docs' command grammar: sh lines, $ lines with their output, continuations and the trailing comment")
    func theCommandGrammar() {
        let markdown = """
        ```sh
        # a comment
        stroke-triage-server station --data ~/station \\
          --listen 127.0.0.1:8443   # until Ctrl-C
        install -d -o stroke-triage /x   # as root
        stroke-triage audit init --new-log    # exit 64 here (a log exists); exit 0 where none is
        ```

        ```text
        $ stroke-triage lvo --gfap 180 --fast-ed 7
        LVO probability: 51 % (high risk).
        …
        Batch done — time: … s.      (stderr)
        Research use only.                 (stderr)
        $ stroke-triage walk   # not run: interactive
        ```

        ```json
        {"not": "a command"}
        ```
        """
        let commands = DocsCommandBlocks.commands(markdown: markdown, name: "t.md")
        #expect(commands.map(\.location) == ["t.md:3", "t.md:5", "t.md:6", "t.md:10", "t.md:15"])
        #expect(commands[0].command == "stroke-triage-server station --data ~/station \\\n  --listen 127.0.0.1:8443")
        #expect(commands[0].serves && commands[0].runs && !commands[0].needsRoot)
        #expect(commands[1].needsRoot)
        #expect(commands[2].expectedStatus == 64)
        #expect(commands[3].keyLines == ["LVO probability: 51 % (high risk).", "Research use only."])
        #expect(!commands[4].runs && commands[4].saysWhyNotRun && commands[4].output.isEmpty)
        #expect(!DocsCommandBlocks.commands(markdown: "```sh\nstroke-triage walk  # not run\n```", name: "u.md")[0].saysWhyNotRun)
    }
}
