import CLITestSupport
import FleetSimulator
import Foundation
import PostgresServerKit
import StrokeCollector
import StrokeJSON
import TestJSON
import TLSFixture
import TestScratch
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `stroke-triage-server station` as docs/station.md runs it: its own PostgreSQL in
/// `--data`, a device and a hospital added with `--data`, a board on the station's URL, a case
/// sent with the CLI's `--notify`, the audit log pushed to the same URL; SIGTERM stops the station
/// and its PostgreSQL, and a restart keeps the device, the hospital, the records and the case.
@Suite("station process")
struct StationProcessTests {
    @Test("station --data: /healthz, a second station refused, add-device and add-hospital with --data, --notify reaches a board; SIGTERM stops its PostgreSQL; a restart keeps everything")
    func stationFromScratch() async throws {
        let site = try StationSite()
        defer { site.remove() }
        let (station, data, cli, admin) = (site.station, site.data, site.cli, site.admin)

        // 1. The station, with no database set up by hand.
        let base = try await station.start()
        // Run as root, it became the cluster's account (issue 34): its process and what it made in --data are that account's.
        let account = try site.account()
        #expect(try StationSite.uid(of: try #require(station.pid)) == account.uid)
        for name in ["", "/password", "/pgdata", "/pgdata/station.conf", "/postgresql.log", "/station.lock"] {
            #expect(try StationSite.owner(data + name) == account.uid, "\(name)")
        }
        // A second station on the same --data is refused (69) naming the first one's process, which keeps serving.
        let second = try await station.startSecond()
        #expect(second.status == 69, "\(second.log)")
        #expect(second.log.contains("[collector.dataDirectoryInUse]") && second.log.contains("process \(station.pid ?? -1)"), "\(second.log)")
        #expect(try await PrenotifyHarness.get(base + "/healthz").0 == 200)
        // 2. A device and a hospital, with --data while the station runs (its PostgreSQL is reached, not restarted).
        let deviceKey = try await cli(["audit", "public-key"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let device = try await admin(["collector", "add-device", "--data", data, "--name", "AMB-7", "--public-key", deviceKey])
        #expect(device.status == 0, "\(device.stderr)")
        let hospital = try await PrenotifyEndToEndTests.routedHospital(cli)
        // An administration command with --data writes --key-out as the account too: a directory it may write.
        let keyFile = try site.accountDirectory("keys") + "/board.key"
        let added = try await admin(["relay", "add-hospital", "--data", data, "--id", hospital, "--key-out", keyFile])
        #expect(try StationSite.owner(keyFile) == account.uid)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int == 0o600)
        #expect(station.isRunning)
        // 3. A board on the station's URL, 4. a case sent with --notify.
        let board = try await station.startBoard(hospital: hospital, keyFile: keyFile, relay: base)
        let sent = try await cli(PrenotifyEndToEndTests.sentinelCase + ["--notify", hospital, "--relay", base])
        #expect(sent.status == 0, "\(sent.stderr)")
        let caseId = try #require(try PrenotifyEndToEndTests.notification(sent)["caseId"].stringValue)
        _ = try await PrenotifyEndToEndTests.boardCase(board, caseId)
        // The device's audit records reach the collector on the same URL.
        let pushed = try await cli(["audit", "push", "--collector", base, "--device-name", "AMB-7"])
        #expect(pushed.status == 0, "\(pushed.stderr)")

        // SIGTERM: the station exits 0 and its PostgreSQL is stopped.
        await #expect(try station.terminate() == 0)
        let cluster = try StationCluster(directory: data)
        #expect(!FileManager.default.fileExists(atPath: data + "/pgdata/postmaster.pid"))
        #expect(!cluster.isRunning)
        // An administration command with --data while the station is stopped starts and stops the cluster itself.
        let listed = try await admin(["collector", "list-devices", "--data", data])
        #expect(listed.stdout.contains("AMB-7"), "\(listed.stderr)")
        // Nothing at start-up looks like a fault when there is none (issue 35: PostgresNIO's "run() hasn't been called yet").
        for run in [device, added, listed] { #expect(!run.stderr.contains("warning"), "\(run.stderr)") }
        #expect(!station.logs.contains("hasn't been called yet"))
        #expect(!cluster.isRunning)

        // A restart keeps the device, the hospital and the case: a new board (nothing in memory) shows the case.
        let again = try await station.start()
        let hospitals = try await admin(["relay", "list-hospitals", "--data", data])
        #expect(hospitals.stdout.contains(hospital), "\(hospitals.stderr)")
        station.stopBoards()
        let newBoard = try await station.startBoard(hospital: hospital, keyFile: keyFile, relay: again)
        _ = try await PrenotifyEndToEndTests.boardCase(newBoard, caseId)
        // The collector kept the device's chain: the next assessment's records continue it (a lost head would be a gap, 409).
        await #expect(try cli(PrenotifyEndToEndTests.sentinelCase).status == 0)
        let next = try await cli(["audit", "push", "--collector", again, "--device-name", "AMB-7"])
        #expect(next.status == 0, "\(next.stderr)")
        await #expect(try station.terminate() == 0)
        #expect(!cluster.isRunning)
        // The logs never hold a patient value.
        for sentinel in PrenotifyEndToEndTests.sentinels { #expect(!station.logs.contains(sentinel)) }

        // The regulator's path from the station (issue 46): a signing key the station's account can read,
        // public keys and a signed export with --data, verified offline: every chain intact.
        let regulator = try site.accountDirectory("regulator")
        let keyPath = regulator + "/collector.key"
        await #expect(try admin(["collector", "keygen", "--out", keyPath]).status == 0)
        let owner = try site.account()
        #expect(chown(keyPath, owner.uid, owner.gid) == 0)
        let publicKeys = try await admin(["collector", "public-keys", "--data", data, "--signing-key", keyPath, "--out", regulator + "/public-keys.json"])
        #expect(publicKeys.status == 0, "\(publicKeys.stderr)")
        let day: TimeInterval = 86_400
        let (from, to) = (Self.day(Date().addingTimeInterval(-day)), Self.day(Date().addingTimeInterval(day)))
        let exported = try await admin(["collector", "export", "--data", data, "--signing-key", keyPath, "--from", from, "--to", to,
                                        "--out", regulator + "/export"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("exported 1 device(s)"), "\(exported.stdout)")
        let verified = try await cli(["audit", "verify", "--fleet-export", regulator + "/export", "--public-keys", regulator + "/public-keys.json", "--json"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        let report = try JSONValue(parsing: Data(verified.stdout.utf8))
        #expect(report["valid"].boolValue == true)
        #expect((report["devices"].arrayValue ?? []).map { $0["name"].stringValue } == ["AMB-7"])
        #expect(!cluster.isRunning)
    }

    /// A UTC day as `collector export` takes it (YYYY-MM-DD).
    static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    @Test("tls init, then station --data serves HTTPS without flags: --api-base, audit push and --notify work with the printed --ca-file and are refused (69, the certificate named) without it")
    func stationOverTLS() async throws {
        let site = try StationSite()
        defer { site.remove() }
        let (station, data, cli, admin) = (site.station, site.data, site.cli, site.admin)
        // docs/station.md's flow: one command makes the CA and the certificate; the station finds them in --data.
        let made = try await admin(["tls", "init", "--data", data, "--name", "localhost", "--ip", "127.0.0.1"])
        #expect(made.status == 0, "\(made.stderr)")
        let caLine = try #require(made.stdout.split(separator: "\n").first { $0.hasPrefix("CA for crews' --ca-file: ") })
        let caFile = String(caLine.dropFirst("CA for crews' --ca-file: ".count))
        #expect(caFile == data + "/tls/ca.pem")
        // tls init made them as the account (run as root it became the account first).
        let account = try site.account()
        for name in ["", "/tls", "/tls/ca.pem", "/tls/server.key"] { #expect(try StationSite.owner(data + name) == account.uid, "\(name)") }
        let again = try await admin(["tls", "init", "--data", data, "--name", "localhost"])
        #expect(again.status == 65)
        #expect(again.stderr.contains("tls.alreadyInitialized"), "\(again.stderr)")
        let base = try await station.startTLS()
        let trust = ["--ca-file", caFile]

        // --api-base: the station's local models over HTTPS.
        let assess = ["coma", "--gfap", "500", "--mode", "cloud", "--api-base", base, "--accept-disclaimer", "--json"]
        let trusted = try await cli(assess + trust)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("\"module\":\"coma\""))
        let refused = try await cli(assess)
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("certificate"), "\(refused.stderr)")

        // audit push to the station's collector.
        let deviceKey = try await cli(["audit", "public-key"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        await #expect(try admin(["collector", "add-device", "--data", data, "--name", "AMB-7", "--public-key", deviceKey]).status == 0)
        let push = ["audit", "push", "--collector", base, "--device-name", "AMB-7"]
        let untrustedPush = try await cli(push)
        #expect(untrustedPush.status == 69, "\(untrustedPush.stderr)")
        let pushed = try await cli(push + trust)
        #expect(pushed.status == 0, "\(pushed.stderr)")

        // --notify to the station's relay.
        let hospital = try await PrenotifyEndToEndTests.routedHospital(cli)
        let keyFile = try site.accountDirectory("keys") + "/board.key"
        await #expect(try admin(["relay", "add-hospital", "--data", data, "--id", hospital, "--key-out", keyFile]).status == 0)
        let sent = try await cli(PrenotifyEndToEndTests.sentinelCase + ["--notify", hospital, "--relay", base] + trust)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try PrenotifyEndToEndTests.notification(sent)["caseId"].stringValue != nil)

        await #expect(try station.terminate() == 0)
        #expect(!(try StationCluster(directory: data)).isRunning)
    }
}

/// A station's temporary folder: the CLI's home (`AMB-7`'s audit log), the station's `--data` and its logs,
/// with the CLI and the admin commands run against them. `remove()` stops what still runs and deletes it all.
struct StationSite {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("station-\(UUID().uuidString)")
    var home: URL { directory.appendingPathComponent("home") }
    var data: String { directory.appendingPathComponent("data").path }
    let station: StationProcess

    init() throws {
        // Traversable parents: run as root, the station's PostgreSQL runs as another user.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("home"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        station = StationProcess(data: directory.appendingPathComponent("data").path, logs: directory)
    }

    /// Runs the CLI as device AMB-7 with this home (no relay, collector database or CA from the environment).
    func cli(_ arguments: [String]) async throws -> PrenotifyHarness.Run {
        let run = await InProcessCLI.run(
            arguments, environment: ["STROKE_TRIAGE_HOME": home.path, "STROKE_TRIAGE_DEVICE": "AMB-7", "NO_COLOR": "1", "LANG": "C"],
            unset: ["STROKE_COLLECTOR_DATABASE", "STROKE_TRIAGE_RELAY", "STROKE_TRIAGE_CA_FILE", "LC_ALL", "LC_MESSAGES"])
        return PrenotifyHarness.Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// The account the station runs as: run as root, the owner of its `pgdata` (`stroke-triage` on a new one), else this user.
    func account() throws -> (uid: uid_t, gid: gid_t) {
        guard getuid() == 0 else { return (getuid(), getgid()) }
        var info = stat()
        if lstat(data + "/pgdata", &info) == 0 { return (info.st_uid, info.st_gid) }
        guard let entry = getpwnam(StationCluster.accountName) else { throw PrenotifyHarness.Failure(description: "no account") }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// The folder `name` in this site, made 0700 and given to the station's account (which writes `--key-out` there).
    func accountDirectory(_ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let account = try account()
        guard chown(path, account.uid, account.gid) == 0 else { throw PrenotifyHarness.Failure(description: "chown \(path): errno \(errno)") }
        return path
    }

    /// The owner of `path` (not following a link).
    static func owner(_ path: String) throws -> uid_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw PrenotifyHarness.Failure(description: "lstat \(path): errno \(errno)") }
        return info.st_uid
    }

    /// The real user id of the process `pid` (the first number of the `Uid:` line of `/proc/PID/status`).
    static func uid(of pid: Int32) throws -> uid_t? {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("Uid:") }
        return line.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first }.flatMap { uid_t(String($0)) }
    }

    /// Runs `stroke-triage-server` with `arguments`.
    func admin(_ arguments: [String]) async throws -> ServerCommand.Outcome { try await ServerCommand.run(ServerBinaryTests.server, arguments) }

    /// Stops the station and its boards, its PostgreSQL if a failed expectation left it running, and deletes the folder.
    func remove() {
        station.stop()
        if let cluster = try? StationCluster(directory: data), cluster.isRunning { try? cluster.stop() }
        try? FileManager.default.removeItem(at: directory)
    }
}
