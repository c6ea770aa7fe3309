import FleetSimulator
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
import StrokeJSON
import TestJSON
import TestScratch
import CLITestSupport
import HTTPTestClient
#endif

/// Real parts for the pre-notification tests: a database in the throwaway
/// PostgreSQL cluster, the `stroke-triage-server` relay and boards, and the
/// paramedic CLI with its own home (a registered device). Every server listens
/// on 127.0.0.1 at a free port, its log goes to a file the test can search,
/// every wait is bounded, and everything is stopped by `stop()`.
final class PrenotifyHarness: @unchecked Sendable {
    /// The database URL (Unix socket).
    let database: String
    /// The database's name in the cluster.
    let databaseName: String
    /// A temporary directory for keys, logs and the CLI's home.
    let directory: URL
    /// The CLI's home (`STROKE_TRIAGE_HOME`).
    let home: URL
    /// The device name registered at the relay.
    let device = "AMB-7"
    private var processes: [ChildProcess] = []
    /// The public key (`sthk1.…`) of every hospital added, by id.
    private(set) var publicKeys: [String: String] = [:]
    private(set) var relayPort = 0

    /// A process result.
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// A failed wait or command.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var server: URL { ServerBinaryTests.server }
    static var cli: URL { ServerBinaryTests.buildDirectory.appendingPathComponent("stroke-triage") }

    init() async throws {
        let url = try PostgresCluster.shared.get().createDatabase()
        database = "postgres://collector@localhost:\(url.port)/\(url.database)?host=\(url.socketDirectory!)"
        databaseName = url.database
        directory = TestScratch.directory("prenotify")
        home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // The device: its audit key is its identity at the relay (as for `audit push`).
        let key = try await cli(["audit", "public-key"])
        guard key.status == 0 else { throw Failure(description: "audit public-key: \(key.stderr)") }
        try await admin(["collector", "add-device", "--database", database, "--name", device,
                   "--public-key", key.stdout.trimmingCharacters(in: .whitespacesAndNewlines)])
    }

    /// Stops every server this harness started and removes its files.
    func stop() {
        ChildProcess.stop(processes)
        processes.removeAll()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    /// Makes a hospital key pair (`board keygen`), registers the hospital at the relay (tied to the
    /// dataset's stroke center `center` when given); returns its key file.
    @discardableResult
    func addHospital(_ id: String, center: String? = nil) async throws -> URL {
        let keyFile = directory.appendingPathComponent("\(id).key")
        let made = try await admin(["board", "keygen", "--out", keyFile.path])
        guard let publicKey = made.stdout.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("sthk1.") }) else {
            throw Failure(description: "board keygen printed no key: \(made.stdout)")
        }
        try await admin(["relay", "add-hospital", "--database", database, "--id", id, "--public-key", String(publicKey)]
                        + (center.map { ["--center", $0] } ?? []))
        publicKeys[id] = String(publicKey)
        return keyFile
    }

    /// The relay's base URL.
    var relayURL: String { "http://127.0.0.1:\(relayPort)" }

    /// Starts the relay (on `port`, else a free one) and waits for `/healthz`.
    /// A free port can be taken by another test's process before the relay binds it:
    /// then the relay exits, and it is started again on another free port (up to three times).
    func startRelay(port: Int? = nil) async throws {
        for attempt in 1...3 {
            relayPort = try port ?? ServerPort.next()
            let process = try start("relay", ["relay", "serve", "--database", database, "--listen", "127.0.0.1:\(relayPort)"])
            if try await waitForHTTP("\(relayURL)/healthz", while: process) { return }
            if attempt == 3 { break }
        }
        throw Failure(description: "the relay did not start: \(log("relay"))")
    }

    /// Stops the relay (SIGTERM, bounded wait); its port stays known for a restart.
    func stopRelay() async throws {
        guard let relay = processes.first(where: { $0.arguments.first == "relay" && $0.isRunning }) else { return }
        relay.signal(SIGTERM)
        _ = try await relay.await(seconds: 60, "the relay's stop") { relay.isRunning ? nil : true }
    }

    /// Starts a board for `hospital` and waits for `/cases.json`; returns its base URL.
    func startBoard(_ hospital: String, keyFile: URL, extra: [String] = []) async throws -> String {
        for _ in 1...3 {
            let port = try ServerPort.next()
            let process = try start("board-\(hospital)", ["board", "serve", "--key", keyFile.path, "--relay", relayURL, "--hospital", hospital,
                                                           "--listen", "127.0.0.1:\(port)", "--poll-seconds", "1"] + extra)
            let base = "http://127.0.0.1:\(port)"
            if try await waitForHTTP("\(base)/cases.json", while: process) { return base }
        }
        throw Failure(description: "the board did not start: \(log("board-\(hospital)"))")
    }

    /// Every row of every table in the database, as `pg_dump --data-only` writes it.
    func databaseDump() throws -> String {
        let cluster = try PostgresCluster.shared.get()
        return try PostgresCluster.run(["\(cluster.binDirectory)/pg_dump", "-h", cluster.directory, "-p", "\(cluster.port)",
                                        "-U", "collector", "--data-only", databaseName])
    }

    /// A server's log so far (stdout and stderr).
    func log(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent("\(name).log"), encoding: .utf8)) ?? ""
    }

    /// Every server log so far, concatenated.
    var allLogs: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().map { log(String($0.dropLast(4))) }.joined(separator: "\n")
    }

    /// Runs the paramedic CLI (in the test process) with this device's home and name, and `stdin`.
    func cli(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) async throws -> Run {
        var env = ["STROKE_TRIAGE_HOME": home.path, "STROKE_TRIAGE_DEVICE": device, "NO_COLOR": "1", "LANG": "C"]
        for (key, value) in environment { env[key] = value }
        let run = await InProcessCLI.run(arguments, stdin: stdin, environment: env, unset: Self.unsetVariables)
        return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// The variables a harness's command never inherits from the test process.
    static let unsetVariables = ["STROKE_COLLECTOR_DATABASE", "STROKE_TRIAGE_RELAY", "LC_ALL", "LC_MESSAGES"]

    /// Runs the server executable; throws when it fails.
    @discardableResult
    func admin(_ arguments: [String]) async throws -> Run {
        let result = try await Self.run(Self.server, arguments, environment: [:])
        guard result.status == 0 else { throw Failure(description: "\(arguments.prefix(2)) exit \(result.status): \(result.stderr)") }
        return result
    }

    /// GET `url`; the body and status.
    static func get(_ url: String) async throws -> (Int, Data) {
        let answer = try await TestHTTP.send(.get, url)
        return (answer.status, answer.body)
    }

    /// The board's `/cases.json` cases.
    static func boardCases(_ base: String) async throws -> [JSONValue] {
        let (_, body) = try await get("\(base)/cases.json")
        let object = try JSONValue(parsing: body).object
        return object?["cases"].arrayValue ?? []
    }

    /// The board's count of finished relay polls (`/cases.json` `polls`).
    static func boardPolls(_ base: String) async throws -> Int {
        let (_, body) = try await get("\(base)/cases.json")
        return (try JSONValue(parsing: body).object)?["polls"].intValue ?? -1
    }

    /// Waits (bounded) until `base` has finished two more polls of the relay than now: the second
    /// began after this call, so whatever the relay held before the call has been seen.
    static func waitForFreshPoll(_ base: String) async throws {
        let start = try await boardPolls(base)
        _ = try await waitForAnswer(seconds: 60, "two more board polls") { try await boardPolls(base) >= start + 2 ? true : nil }
    }

    /// Polls `probe` (the one polling helper, every 200 ms) for at most `seconds`; a probe that throws counts as no answer yet.
    static func waitForAnswer<T>(seconds: Double, _ what: String, _ probe: () async throws -> T?) async throws -> T {
        try await waitFor(timeout: .milliseconds(Int(seconds * 1000)), poll: .milliseconds(200), what) { try? await probe() }
    }

    /// Waits for `url` to answer 200: `true`. `false` when `process` exits (e.g. its port was
    /// taken) or does not answer within 90 s (a start-up stuck on the loaded test machine): the
    /// process is then stopped and its log kept for the failure message, and the caller starts
    /// it again.
    private func waitForHTTP(_ url: String, while process: ChildProcess) async throws -> Bool {
        let answered = try? await Self.waitForAnswer(seconds: 90, url) { () async throws -> Bool? in
            if !process.isRunning { return false }
            let (status, _) = try await Self.get(url)
            return status == 200 ? true : nil
        }
        if answered == true { return true }
        if process.isRunning {
            kill(process.pid, SIGKILL)
            _ = await process.output()
        }
        return false
    }

    @discardableResult
    private func start(_ name: String, _ arguments: [String]) throws -> ChildProcess {
        var env = ProcessInfo.processInfo.environment
        env["STROKE_COLLECTOR_DATABASE"] = nil
        let process = try ChildProcess(Self.server, arguments, environment: env,
                                       log: directory.appendingPathComponent("\(name).log"))
        processes.append(process)
        return process
    }

    private static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) async throws -> Run {
        let outcome = try await ServerCommand.run(executable, arguments, environment: environment, unset: unsetVariables)
        return Run(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }
}
