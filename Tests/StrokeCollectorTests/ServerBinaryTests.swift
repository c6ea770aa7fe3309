import FleetSimulator
import Foundation
import Testing
import TestScratch
import CLITestSupport
import HTTPTestClient
import StrokeCollector

/// The built `stroke-triage-server` binary as an administrator runs it, and
/// the paramedic CLI's independence from the server packages.
@Suite("stroke-triage-server binary")
struct ServerBinaryTests {
    static let buildDirectory: URL = {
        let besideBundle = Bundle.main.bundleURL.deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: besideBundle.appendingPathComponent("stroke-triage-server").path) {
            return besideBundle
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
    }()

    static var server: URL { buildDirectory.appendingPathComponent("stroke-triage-server") }

    @Test("the paramedic CLI links none of the server packages")
    func cliHasNoServerPackages() throws {
        let cli = Self.buildDirectory.appendingPathComponent("stroke-triage")
        let bytes = try Data(contentsOf: cli, options: .alwaysMapped)
        for module in ["Hummingbird", "PostgresNIO", "ServiceLifecycle", "Prometheus", "StrokeCollector"] {
            #expect(bytes.range(of: Data(module.utf8)) == nil, "stroke-triage contains \(module)")
        }
        let server = try Data(contentsOf: Self.server, options: .alwaysMapped)
        #expect(server.range(of: Data("Hummingbird".utf8)) != nil)
    }

    @Test("administration commands, then serve: /healthz answers and SIGTERM ends it with exit 0")
    func administerAndServe() async throws {
        let url = try PostgresCluster.shared.get().createDatabase()
        let database = "postgres://collector@localhost:\(url.port)/\(url.database)?host=\(url.socketDirectory!)"
        let key = SimulatedDevice(name: "AMB-12").publicKey

        let added = try await Self.run(["collector", "add-device", "--database", database, "--name", "AMB-12", "--public-key", key])
        #expect(added.status == 0)
        #expect(added.stdout == "added device AMB-12 (active)\n")
        let again = try await Self.run(["collector", "add-device", "--database", database, "--name", "AMB-12", "--public-key", key])
        #expect(again.status == 65)
        #expect(again.stderr.contains("collector.deviceExists"))
        // The database from the environment instead of the flag.
        let listed = try await Self.run(["collector", "list-devices", "--json"], environment: ["STROKE_COLLECTOR_DATABASE": database])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("\"name\":\"AMB-12\""))
        await #expect(try Self.run(["collector", "suspend-device", "--database", database, "--name", "AMB-12"]).status == 0)
        await #expect(try Self.run(["collector", "incidents", "--database", database, "--device", "AMB-12"]).stdout == "no incidents\n")
        await #expect(try Self.run(["collector", "list-devices"]).status == 64)

        let process = try ChildProcess(Self.server, ["collector", "serve", "--database", database, "--listen", "127.0.0.1:0"])
        defer { process.signal(SIGKILL) }

        let port = try await waitFor(timeout: .seconds(180), poll: .milliseconds(100), "the collector listening") { Self.port(in: process.stderrText) }
        let health = try await TestHTTP.send(.get, "http://127.0.0.1:\(port)/healthz")
        #expect(health.status == 200)
        #expect(health.text == "ok\n")

        process.signal(SIGTERM)
        let ended = await process.output(killingAfter: 120)
        #expect(!ended.signalled)
        #expect(ended.status == 0)
        #expect(ended.stderr.contains("collector stopped"))
    }

    /// The port from the "collector listening" log line.
    static func port(in log: String) -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("collector listening") }),
              let range = line.range(of: "port=") else { return nil }
        return Int(line[range.upperBound...].prefix(while: \.isNumber))
    }

    /// Runs a `stroke-triage-server` administration command line in the test process.
    static func admin(_ arguments: [String]) async -> (status: Int32, stdout: String, stderr: String) {
        let run = await InProcessServerCLI.run(arguments)
        return (run.status, run.stdout, run.stderr)
    }

    /// Runs the server binary to its end.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let outcome = try await ServerCommand.run(server, arguments, environment: environment)
        return (outcome.status, outcome.stdout, outcome.stderr)
    }
}

/// Text appended from a pipe's handler thread and read from the test.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) {
        lock.lock()
        data.append(chunk)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
