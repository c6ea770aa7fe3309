import AuditFormat
import CLITestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import StrokeAudit
import StrokeCollector
import StrokeJSON
import TestJSON
import TestScratch

/// A collector listening on a real port (localhost, chosen by the system)
/// over a fresh database in the shared PostgreSQL cluster, for the
/// `stroke-triage` binary to push to with libcurl.
struct LiveCollector: Sendable {
    let store: CollectorStore
    let port: Int

    /// The base URL devices push to.
    var url: String { "http://localhost:\(port)" }

    /// Runs `body` while the collector serves; it stops when `body` returns.
    static func run(_ body: @Sendable (LiveCollector) async throws -> Void) async throws {
        let url = try PostgresCluster.shared.get().createDatabase()
        let logger = { var logger = Logger(label: "collector-live-test"); logger.logLevel = .warning; return logger }()
        try await CollectorStore.with(database: url, logger: logger) { store in
            try await store.migrate()
            let routes = CollectorRoutes(configuration: CollectorHarness.configuration(url), store: store,
                                         metrics: CollectorMetrics(), logger: logger)
            let app = Application(router: routes.makeRouter(), logger: logger)
            try await app.test(.live) { client in
                try await body(LiveCollector(store: store, port: client.port!))
            }
        }
    }

    /// The stored head sequence of `device`.
    func headSequence(_ device: String) async throws -> Int64? {
        try await store.listDevices().first { $0.name == device }?.headSequence
    }

    /// Polls the stored head until it reaches `sequence` (every 200 ms, at most `seconds`); returns the last seen.
    func waitForHead(_ device: String, atLeast sequence: Int64, seconds: Int = 120) async throws -> Int64? {
        var seen: Int64?
        do {
            return try await waitFor(timeout: .seconds(seconds), poll: .milliseconds(200), "\(device)'s head at \(sequence)") { () async throws -> Int64? in
                seen = try await headSequence(device)
                return seen.flatMap { $0 >= sequence ? $0 : nil }
            }
        } catch is PollTimeout {
            return seen
        }
    }
}

/// One ambulance's state directory (`STROKE_TRIAGE_HOME`): a real audit log
/// and key file, and the real `stroke-triage` binary run against them.
struct DeviceHome: Sendable {
    let root: URL
    let name: String

    init(name: String = "AMB-12") {
        root = TestScratch.directory("fleet-device")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        self.name = name
        try? configure([:])
    }

    var location: AuditLog.Location {
        AuditLog.Location(database: root.appendingPathComponent("data/audit.sqlite"),
                          keyFile: root.appendingPathComponent("state/audit-keys.json"))
    }

    /// Appends `count` events, each in an assessment of its own (its own data key); returns the head sequence.
    @discardableResult
    func record(_ count: Int) throws -> Int64 {
        try AuditLog.withLog(location, context: AuditLog.Context(operator: "test", appVersion: "test")) { log in
            for index in 0..<count {
                try log.append(.assessmentStarted, payload: Data("{\"module\":\"coma\",\"n\":\(index)}".utf8),
                               assessment: AuditLog.newAssessmentID())
            }
            return try log.head().sequence
        }
    }

    /// The local signed head's sequence.
    func headSequence() throws -> Int64 {
        try AuditLog.withLog(location, context: AuditLog.Context(operator: "test", appVersion: "test")) { try $0.head().sequence }
    }

    /// The key `stroke-triage audit public-key` prints.
    func publicKey() throws -> String {
        try AuditKeyFile.load(at: location.keyFile, passphrase: nil).publicKeyBase64
    }

    /// Writes `config.json`: `values` plus generous network timeouts, so that a
    /// collector slowed down by a loaded machine answers late instead of being
    /// retried (a retry would turn an accepted batch into duplicates).
    func configure(_ values: [String: String]) throws {
        var config: [String: JSONValue] = ["connectTimeoutSeconds": .integer(30), "attemptTimeoutSeconds": .integer(120),
                                           "deadlineSeconds": .integer(300)]
        for (key, value) in values { config[key] = .string(value) }
        try Data(JSONValue.object(config.sorted { $0.key < $1.key }).serializedBytes())
            .write(to: root.appendingPathComponent("config.json"))
    }

    /// The variables a device's command never inherits from the test process.
    private static let unsetVariables = ["STROKE_TRIAGE_COLLECTOR", "STROKE_TRIAGE_DEVICE", "STROKE_TRIAGE_KEY_FILE",
                                         "STROKE_TRIAGE_KEY_PASSPHRASE", "LC_ALL", "LC_MESSAGES"]

    /// The variables a device's command runs with (this home, no colour, the C locale).
    private var deviceVariables: [String: String] { ["STROKE_TRIAGE_HOME": root.path, "NO_COLOR": "1", "LANG": "C"] }

    /// Runs a `stroke-triage` command line in the test process as this device.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIResult {
        let run = await InProcessCLI.run(arguments, environment: deviceVariables.merging(environment) { $1 }, unset: Self.unsetVariables)
        return CLIResult(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// Runs the built binary as this device: for what only a process does, such as the
    /// detached background push a module command starts (in process it starts none).
    func runBinary(_ arguments: [String]) async throws -> CLIResult {
        let run = try await ServerCommand.run(ServerBinaryTests.buildDirectory.appendingPathComponent("stroke-triage"), arguments,
                                              environment: deviceVariables, unset: Self.unsetVariables)
        return CLIResult(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// `stroke-triage audit push` against `collector` as this device, with more arguments.
    func push(_ collector: String, _ more: [String] = []) async throws -> CLIResult {
        try await run(["audit", "push", "--collector", collector, "--device-name", name] + more)
    }
}

/// The outcome of one run of the binary.
struct CLIResult: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String

    /// stdout as one JSON object.
    /// - Throws: `NotOneObject` (naming the exit status and standard error) when it is not.
    func json() throws -> JSONValue {
        guard let parsed = try? JSONValue(parsing: Data(stdout.utf8)), let object = parsed.object else {
            throw NotOneObject(description: "stdout is not one JSON object (exit \(status)): \(stdout.prefix(200))\nstderr: \(stderr.prefix(600))")
        }
        return object
    }

    /// stdout was not one JSON object; says what the command printed instead.
    struct NotOneObject: Error, CustomStringConvertible {
        let description: String
    }
}
