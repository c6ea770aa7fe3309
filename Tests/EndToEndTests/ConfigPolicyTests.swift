import Foundation
import Testing
import CLITestSupport

/// The one config-load policy: a configuration file that exists but cannot be
/// used stops every command with exit 78 (EX_CONFIG) and one line naming the
/// file; a missing file is an empty configuration.
@Suite struct ConfigPolicyTests {
    /// A fresh home whose `config.json` holds `text`.
    static func home(_ text: String) throws -> URL {
        let home = BinaryRunner.temporaryHome()
        try Data(text.utf8).write(to: home.appendingPathComponent("config.json"))
        return home
    }

    static let commands: [[String]] = [
        ["coma", "--gfap", "100", "--mode", "offline", "--accept-disclaimer", "--json"],
        ["centers", "--lat", "49.79", "--lon", "9.95", "--json"],
        ["route", "--lat", "49.79", "--lon", "9.95", "--ich", "0.1", "--json"],
        ["audit", "head"],
        ["status"],
    ]

    @Test(arguments: ["{not json", "[1, 2]", "\"text\""])
    func aBrokenConfigFileStopsEveryCommandWithExit78(_ text: String) async throws {
        let home = try Self.home(text)
        defer { try? FileManager.default.removeItem(at: home) }
        for arguments in Self.commands {
            let r = await InProcessCLI.run(arguments, environment: ["STROKE_TRIAGE_HOME": home.path])
            #expect(r.status == 78, "\(arguments): \(r.status) \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(arguments): \(r.stdout)")
            #expect(r.stderr.contains(home.appendingPathComponent("config.json").path), "\(arguments): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
        }
    }

    @Test func aConfigFolderInsteadOfAFileIsBrokenToo() async throws {
        let home = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config.json"), withIntermediateDirectories: true)
        let r = await InProcessCLI.run(["status"], environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(r.status == 78, "\(r.stderr)")
    }

    @Test func aMissingOrValidConfigFileRunsTheCommand() async throws {
        let r = await InProcessCLI.run(["coma", "--gfap", "100", "--mode", "offline", "--accept-disclaimer", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let home = try Self.home(#"{"operator": "medic-7"}"#)
        defer { try? FileManager.default.removeItem(at: home) }
        let valid = await InProcessCLI.run(["coma", "--gfap", "100", "--mode", "offline", "--accept-disclaimer", "--json"],
                                         environment: ["STROKE_TRIAGE_HOME": home.path])
        #expect(valid.status == 0, "\(valid.stderr)")
    }
}
