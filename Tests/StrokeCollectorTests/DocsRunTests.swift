import CLITestSupport
import Foundation
import TestScratch
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// docs/docs-as-tests.md: every command the user documents show runs as written, in document order,
/// with the exit status and the output lines the document states, against real servers the
/// document starts itself. One document per case, one at a time (a station and a collector each
/// start a PostgreSQL).
@Suite("the docs run")
struct DocsRunTests {
    /// The documents, in this order; `DOCS_RUN_ONLY=docs/server.md` runs one while it is being written.
    static let documents = ProcessInfo.processInfo.environment["DOCS_RUN_ONLY"].map { [$0] }
        ?? ["README.md", "docs/commands.md", "docs/protocol.md", "docs/fhir.md", "docs/station.md", "docs/server.md", "docs/prenotify.md"]

    @Test("every documented command runs as written, with its exit status and its documented lines", .serialized,
          arguments: documents)
    func everyCommandRuns(_ document: String) async throws {
        let commands = try DocsCommandBlocks.commands(in: document)
        #expect(!commands.isEmpty, "\(document) shows no command")
        for command in commands where !command.runs { #expect(command.saysWhyNotRun, "\(command): `not run` needs its reason") }
        let placeholders = try DocsCommandBlocks.placeholders()
        let site = try DocsSite()
        defer { site.remove() }
        for file in try DocsCommandBlocks.files(in: document) {
            try Data(file.content.utf8).write(to: site.work.appendingPathComponent(file.name))
        }
        for command in commands where command.runs && (!command.needsRoot || getuid() == 0) {
            // The test's variables expanded here too: a placeholder may stand inside single quotes.
            let line = Self.expanded(DocsCommandBlocks.substitute(command.command, placeholders), site.environment)
            if ProcessInfo.processInfo.environment["DOCS_RUN_ONLY"] != nil { print("docs run: \(command.location)") }
            if command.serves {
                try await site.serve(line, command)
                continue
            }
            // Bounded: a server the document does not mark `until Ctrl-C` would otherwise never end.
            let run = try await ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", line], environment: site.environment,
                                             directory: site.work).output(killingAfter: 300)
            #expect(run.status == command.expectedStatus, "\(command)\n\(run.stdout)\(run.stderr)")
            let printed = (run.stdout + "\n" + run.stderr).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            var next = printed[...]
            for expected in command.keyLines.map({ DocsCommandBlocks.substitute($0, placeholders) }) {
                let wanted = Self.expanded(expected, site.environment)
                guard let found = next.firstIndex(of: wanted) else {
                    Issue.record("\(command): the documented line \"\(wanted)\" is not printed (in order)\n\(run.stdout)\(run.stderr)")
                    break
                }
                next = next[(found + 1)...]
            }
        }
        await site.stopServers()
    }

    /// `text` with `$NAME` replaced by the environment's value (the documented output names the same paths).
    static func expanded(_ text: String, _ environment: [String: String]) -> String {
        environment.keys.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: "$" + $1, with: environment[$1]!) }
    }
}

/// One document's temporary world: its home (`~`), working directory, free ports, a database, and
/// the servers its commands started.
final class DocsSite: @unchecked Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString)")
    var home: URL { root.appendingPathComponent("home") }
    var work: URL { root.appendingPathComponent("work") }
    let environment: [String: String]
    private var servers: [(command: DocsCommand, child: ChildProcess)] = []

    init() throws {
        // Traversable by the station's account (run as root, its PostgreSQL runs as another user).
        for directory in [root, root.appendingPathComponent("home"), root.appendingPathComponent("work")] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        let database = try PostgresCluster.shared.get().createDatabase()
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STROKE_") && !$0.key.hasPrefix("LC_") && !$0.key.hasPrefix("XDG_") }
        env["LANG"] = nil
        env["PATH"] = ServerBinaryTests.buildDirectory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["HOME"] = root.appendingPathComponent("home").path
        env["DOCS_ROOT"] = root.path
        env["NO_COLOR"] = "1"
        env["STROKE_TRIAGE_API_BASE"] = "http://127.0.0.1:1"
        env["STROKE_COLLECTOR_DATABASE"] = "postgres://collector@localhost:\(database.port)/\(database.database)?host=\(database.socketDirectory!)"
        for name in ["STATION_PORT", "BOARD_PORT", "API_PORT", "RELAY_PORT"] { env[name] = String(try ServerPort.next()) }
        environment = env
    }

    /// Starts a documented server and waits (bounded) until its `--listen` address accepts a connection.
    func serve(_ line: String, _ command: DocsCommand) async throws {
        let child = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec " + line], environment: environment, directory: work)
        servers.append((command, child))
        guard let match = line.range(of: #"--listen 127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
              let port = Int(line[match].split(separator: ":").last ?? "") else {
            Issue.record("\(command): a server the test waits for names its --listen 127.0.0.1:PORT")
            return
        }
        let listening = try await waitFor(timeout: .seconds(180), poll: .milliseconds(100), "\(command) listening") { () -> Bool? in
            guard child.isRunning else { return false }
            return Self.accepts(port) ? true : nil
        }
        #expect(listening, "\(command) ended before it listened: \(child.stderrText)")
    }

    /// Stops the servers (SIGTERM, in reverse order), each bounded; a server must end with exit 0.
    func stopServers() async {
        for (command, child) in servers.reversed() {
            child.signal(SIGTERM)
            let end = await child.output(killingAfter: 60)
            #expect(end.status == 0, "\(command) after SIGTERM: \(end.stderr)")
        }
        servers = []
    }

    /// Stops what still runs and deletes the site.
    func remove() {
        ChildProcess.stop(servers.map(\.child))
        try? FileManager.default.removeItem(at: root)
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return LoopbackSocket.connect(fd, port: port)
    }
}
