import Foundation
import StrokeJSON
import TestJSON
import TestScratch
import Testing
import CLITestSupport

/// docs/commands.md is a contract: every command and subcommand of the built
/// binary has an example there, and every example line (`$ … stroke-triage …`)
/// runs with the exit code it states (`# exit N`, else 0). Lines ending in
/// `# not run` are shown only.
@Suite("docs/commands.md examples")
struct DocsExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One example line: the shell command and the exit code it must give.
    struct Example: CustomStringConvertible {
        let command: String
        let expectedStatus: Int32
        let run: Bool
        var description: String { command }
    }

    /// Every `$ ` line inside a fenced block that calls the binary, in file order.
    static func examples() throws -> [Example] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        var inFence = false
        var found: [Example] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard inFence, line.hasPrefix("$ "), line.contains("stroke-triage ") else { continue }
            var command = String(line.dropFirst(2))
            var status: Int32 = 0
            var run = true
            if let hash = command.range(of: "   # ") {
                let comment = command[hash.upperBound...].trimmingCharacters(in: .whitespaces)
                command = String(command[..<hash.lowerBound])
                if comment == "not run" { run = false }
                else if comment.hasPrefix("exit "), let code = Int32(comment.dropFirst(5)) { status = code }
            }
            found.append(Example(command: command.trimmingCharacters(in: .whitespaces), expectedStatus: status, run: run))
        }
        return found
    }

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
        let runnable = try Self.examples().filter(\.run).map(\.command)
        let paths = try await Self.commandPaths()
        #expect(paths.count >= 20)
        for path in paths {
            let call = "stroke-triage " + path.joined(separator: " ")
            let covered = runnable.contains { $0.contains(call + " ") || $0.hasSuffix(call) }
            #expect(covered, "docs/commands.md has no runnable example of `\(call)`")
        }
    }

    @Test("every example in docs/commands.md runs with the exit code it states")
    func everyExampleRuns() async throws {
        let work = BinaryRunner.temporaryHome()
        defer { try? FileManager.default.removeItem(at: work) }
        let binDir = BinaryRunner.binary.deletingLastPathComponent().path
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = binDir + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["STROKE_TRIAGE_HOME"] = work.appendingPathComponent("home").path
        env["STROKE_TRIAGE_API_BASE"] = "http://127.0.0.1:1"
        env["NO_COLOR"] = "1"
        for key in ["LANG", "LC_ALL", "LC_MESSAGES", "STROKE_TRIAGE_KEY_FILE", "STROKE_TRIAGE_PIN"] { env[key] = nil }
        let examples = try Self.examples().filter(\.run)
        #expect(!examples.isEmpty)
        for example in examples {
            let run = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", example.command], environment: env, directory: work)
            #expect(run.status == example.expectedStatus, "`\(example.command)`: \(run.stderr)")
        }
    }
}
