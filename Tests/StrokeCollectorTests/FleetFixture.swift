import AuditFormat
import CLITestSupport
import Crypto
import FleetSimulator
import Foundation
import StrokeCollector
import TestScratch

/// Two devices with sealed logs and org-wrapped keys pushed to the harness's collector,
/// an organisation key from the real `stroke-triage audit org-keygen` and a collector key
/// from the real `stroke-triage-server collector keygen`.
///
/// AMB-12 pushes 8 records, AMB-7 pushes 7 and then destroys data key `a-1`. The range
/// covers records 2–5 of each (so each device has a boundary record on both sides and links after them).
struct FleetFixture {
    let database: String
    let collectorKey: String
    let orgKey: String
    let from: String
    let to: String

    func exportArguments(out: String) -> [String] {
        ["collector", "export", "--database", database, "--signing-key", collectorKey, "--from", from, "--to", to, "--out", out]
    }

    static func make(_ harness: CollectorHarness, work: URL) async throws -> FleetFixture {
        let url = harness.url
        let database = "postgres://collector@localhost:\(url.port)/\(url.database)?host=\(url.socketDirectory!)"
        let orgKey = work.appendingPathComponent("org.key").path
        let orgOut = try await FleetBinaries.cli(["audit", "org-keygen", "--out", orgKey])
        guard orgOut.status == 0, let raw = Data(base64Encoded: orgOut.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw FleetBinaries.Failure(message: "org-keygen failed: \(orgOut.stderr)")
        }
        let organisation = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: raw)
        let collectorKey = work.appendingPathComponent("collector.key").path
        let keygen = try await FleetBinaries.server(["collector", "keygen", "--out", collectorKey])
        guard keygen.status == 0 else { throw FleetBinaries.Failure(message: "keygen failed: \(keygen.stderr)") }

        let start: Int64 = 1_790_000_000_000
        for (name, count) in [("AMB-12", 8), ("AMB-7", 7)] {
            let device = SimulatedDevice(name: name)
            try await harness.add(device)
            let log = SealedLog.make(count: count, startMs: start)
            let body = device.body(log.records, head: log.records.last, wrappedKeys: log.wrapped(to: organisation))
            let answer = try await harness.push(body, headers: device.headers(for: body))
            guard answer.status == 200 else { throw FleetBinaries.Failure(message: "push \(name): \(answer.code ?? "")") }
            if name == "AMB-7" {
                let erase = device.body([AuditRecord](), head: log.records.last, erasedKeys: 1, erasedKeyIds: ["a-1"])
                let erased = try await harness.push(erase, headers: device.headers(for: erase))
                guard erased.status == 200 else { throw FleetBinaries.Failure(message: "erase: \(erased.code ?? "")") }
            }
        }
        return FleetFixture(database: database, collectorKey: collectorKey, orgKey: orgKey,
                            from: FleetBinaries.iso(start + 1000), to: FleetBinaries.iso(start + 4000))
    }
}

/// The built binaries, run to their end.
enum FleetBinaries {
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// A `stroke-triage-server` administration command line, run in the test process.
    static func server(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        await ServerBinaryTests.admin(arguments)
    }

    /// A `stroke-triage` command line, run in the test process.
    static func cli(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let run = await InProcessCLI.run(arguments, environment: ["LANG": "en_US.UTF-8"], unset: unsetVariables)
        return (run.status, run.stdout, run.stderr)
    }

    /// The variables the fixture's commands never inherit from the test process.
    static let unsetVariables = ServerCommand.collectorVariables + ["STROKE_COLLECTOR_SIGNING_KEY", "LC_ALL", "LC_MESSAGES"]

    static func run(_ binary: URL, _ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let outcome = try await ServerCommand.run(binary, arguments, environment: ["LANG": "en_US.UTF-8"], unset: unsetVariables)
        return (outcome.status, outcome.stdout, outcome.stderr)
    }

    static func temporaryDirectory() throws -> URL {
        TestScratch.directory("fleet-export")
    }

    /// The regular files under `directory`, relative and sorted.
    static func files(in directory: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var out: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out.append(path)
            }
        }
        return out.sorted()
    }

    static func iso(_ ms: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(ms) / 1000))
    }
}
