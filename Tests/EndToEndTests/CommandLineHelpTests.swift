import Foundation
import StrokeJSON
import Testing
import CLITestSupport
import TestJSON

/// Help and errors a new user meets first: a mistyped subcommand gets a
/// suggestion, `--help` cites only what users have, and the top risk level has
/// one name in text and JSON.
@Suite struct CommandLineHelpTests {
    @Test(arguments: [
        (["rout", "--near", "Würzburg"], "'rout' is not a command of stroke-triage. Did you mean `route`?"),
        (["centres", "--near", "Würzburg"], "Did you mean `centers`?"),
        (["Walk"], "Did you mean `walk`?"),
        (["audit", "verfy"], "'verfy' is not a command of stroke-triage audit. Did you mean `verify`?"),
        (["cent"], "Did you mean `centers`?"),
    ])
    func mistypedSubcommandGetsTheNearestName(_ arguments: [String], _ message: String) async throws {
        let r = await InProcessCLI.run(arguments)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!r.stderr.contains("Unknown option"))
        #expect(r.stderr.contains("--help"))
    }

    @Test func farFromEveryNameNoGuessAndGermanByFlag() async throws {
        let r = await InProcessCLI.run(["xyzzy"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("'xyzzy' is not a command"))
        #expect(!r.stderr.contains("Did you mean"))
        let de = await InProcessCLI.run(["rout", "--lang", "de"])
        #expect(de.status == 64)
        #expect(de.stderr.contains("Meinten Sie `route`?"), "\(de.stderr)")
    }

    @Test func correctCommandsAndHelpAreUntouched() async throws {
        #expect(await InProcessCLI.run(["help", "route"]).status == 0)
        let unknownOption = await InProcessCLI.run(["route", "--bogus"])
        #expect(unknownOption.status == 64)
        #expect(!unknownOption.stderr.contains("Did you mean `"))
    }

    /// Every command's and subcommand's `--help`: no reference to models.md (users do not have it).
    @Test func helpCitesNothingUsersLack() async throws {
        func subcommands(_ help: String) -> [String] {
            guard let start = help.range(of: "SUBCOMMANDS:") else { return [] }
            // Names are indented by two spaces; wrapped descriptions by more.
            return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { $0.hasPrefix("  ") }
                .filter { !$0.hasPrefix("   ") }
                .compactMap { $0.split(separator: " ").first.map(String.init) }
                .filter { $0 != "help" }
        }
        let root = await InProcessCLI.run(["--help"])
        #expect(!root.stdout.contains("models.md"))
        let top = subcommands(root.stdout)
        #expect(top.contains("route") && top.contains("audit"))
        var checked = 0
        for command in top {
            let help = await InProcessCLI.run([command, "--help"])
            #expect(help.status == 0, "\(command)")
            #expect(!help.stdout.contains("models.md"), "\(command) --help cites models.md")
            checked += 1
            for sub in subcommands(help.stdout) {
                let nested = await InProcessCLI.run([command, sub, "--help"])
                #expect(nested.status == 0, "\(command) \(sub)")
                #expect(!nested.stdout.contains("models.md"), "\(command) \(sub) --help cites models.md")
                checked += 1
            }
        }
        #expect(checked > 15)
        #expect(await InProcessCLI.run(["route", "--help"]).stdout.contains("docs/routing.md"))
    }

    /// The top risk level is "critical" in JSON and in both languages' text.
    @Test func topRiskLevelHasOneName() async throws {
        let arguments = ["full", "--age", "80", "--sbp", "220", "--dbp", "120", "--gfap", "3000", "--fast-ed", "9",
                         "--mode", "offline", "--accept-disclaimer"]
        let j = try await InProcessCLI.run(arguments + ["--json"]).json()
        let levels = ["ich", "lvo"].compactMap { (j[$0].object)?["riskLevel"].stringValue }
        #expect(levels.contains("critical"), "\(levels)")
        let en = await InProcessCLI.run(arguments)
        #expect(en.stdout.contains("  critical"))
        #expect(!en.stdout.contains("very high"))
        let de = await InProcessCLI.run(arguments + ["--lang", "de"])
        #expect(de.stdout.contains("  kritisch"))
        #expect(!de.stdout.contains("sehr hoch"))
    }
}
