import Foundation
import PostgresServerKit
import TestScratch
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `stroke-triage-server station` and its own PostgreSQL on the ways out (issue 34, items
/// 4, 6 and 11), as an operator meets them: SIGTERM while the cluster starts, the postmaster killed
/// with SIGKILL while the station serves, a crash signal, a disk with less room than the minimum, and a
/// start-up that fails once the cluster runs (its port taken), and an output closed under it (`| head -c 100`).
/// One test (the process tests are counted): each step leaves the data directory for the next.
@Suite("station exits")
struct StationExitTests {
    @Test("SIGTERM while its cluster starts: exit 0, cluster stopped; kill -9 of its postmaster: restarted, /healthz 200 again; SIGSEGV: the cluster is stopped; restarts that keep failing: 69; /healthz 503 'disk full' below the minimum, SIGHUP: 0; a taken port: 69, the cluster stopped; an output closed by `| head -c 100`: still serving, SIGTERM 0, the cluster stopped")
    func exitPaths() async throws {
        let site = try StationSite()
        defer { site.remove() }
        let station = site.station
        let pidFile = site.data + "/pgdata/postmaster.pid"

        // 1. SIGTERM as soon as the first start's postmaster exists (initdb done, the server starting or the schemas
        //    migrating): noted, the start finishes, the cluster is stopped, exit 0. (It used to end the station at once.)
        let (first, _) = try station.spawn()
        _ = try await first.await(seconds: 240, "the cluster's pid file") { FileManager.default.fileExists(atPath: pidFile) ? true : nil }
        first.signal(SIGTERM)
        let stopped = await first.output(killingAfter: 180)
        #expect(stopped.status == 0, "\(station.logs)")
        let cluster = try StationCluster(directory: site.data)
        #expect(!cluster.isRunning && !FileManager.default.fileExists(atPath: pidFile))

        // 2. kill -9 of the postmaster while the station serves: the station starts it again and answers.
        // Without the Swift runtime's backtrace at the crash in step 3: it takes minutes for a debug build on a busy machine
        // (and here sometimes never ended); the station's own handler runs either way.
        let base = try await station.start(environment: ["SWIFT_BACKTRACE": "enable=no"])
        let killed = try #require(cluster.postmasterProcess)
        #expect(kill(killed, SIGKILL) == 0)
        let restarted = try await PrenotifyHarness.waitForAnswer(seconds: 120, "the restarted postmaster") { () async throws -> Int32? in
            guard station.isRunning, let pid = cluster.postmasterProcess, pid != killed, cluster.postmasterRuns else { return nil }
            return try await PrenotifyHarness.get(base + "/healthz").0 == 200 ? pid : nil
        }
        #expect(restarted != killed && station.isRunning)
        #expect(station.logs.contains("station database running again"), "\(station.logs.suffix(2000))")

        // 3. A crash (SIGSEGV, as a bad pointer raises it): the restarted postmaster is stopped before the station ends.
        let crashing = try #require(station.process)
        #expect(kill(crashing.pid, SIGSEGV) == 0)
        let crashed = await crashing.output(killingAfter: 120)
        #expect(crashed.signalled && crashed.status == 128 + SIGSEGV, "\(crashed.status) \(station.logs.suffix(3000))")
        _ = try await PrenotifyHarness.waitForAnswer(seconds: 60, "the crashed station's cluster's stop") { cluster.postmasterRuns ? nil : true }
        #expect(!cluster.isRunning)

        // 3b. A postmaster killed while its configuration no longer lets it start: 5 attempts over about 15 s, then the
        //     station gives up with 69 (collector.stationDatabaseLost), for its service manager to start it again.
        _ = try await station.start(environment: ["SWIFT_BACKTRACE": "enable=no"])
        let doomed = try #require(station.process)
        let configuration = site.data + "/pgdata/postgresql.conf"
        let original = try String(contentsOfFile: configuration, encoding: .utf8)
        try (original + "\nnot_a_setting_of_postgresql = on\n").write(toFile: configuration, atomically: false, encoding: .utf8)
        #expect(kill(try #require(cluster.postmasterProcess), SIGKILL) == 0)
        let gaveUp = await doomed.output(killingAfter: 180)
        try original.write(toFile: configuration, atomically: false, encoding: .utf8)
        #expect(gaveUp.status == 69, "\(gaveUp.status) \(station.logs.suffix(2000))")
        #expect(station.logs.contains("[collector.stationDatabaseLost]") && station.logs.contains("attempt=5"))

        // 4. Less room than the minimum (1 TiB here): /healthz says so with 503. A hangup ends the station as SIGTERM does (0).
        let (full, fullBase) = try station.spawn(environment: ["STROKE_TRIAGE_MIN_FREE_MB": "1048576"])
        let answer = try await full.await(seconds: 240, "/healthz 503") { () async throws -> String? in
            guard let (status, body) = try? await PrenotifyHarness.get(fullBase + "/healthz"), status == 503 else { return nil }
            return String(decoding: body, as: UTF8.self)
        }
        #expect(answer.hasPrefix("disk full: ") && answer.contains("below the minimum of 1048576 MiB"), "\(answer)")
        full.signal(SIGHUP)
        let hungUp = await full.output(killingAfter: 120)
        #expect(hungUp.status == 0, "\(hungUp.status) \(station.logs.suffix(2000))")
        #expect(!cluster.isRunning)

        // 5. A start-up that fails after the cluster started (--listen's port is taken): exit 69, the cluster stopped.
        let (taken, port) = try Self.listeningSocket()
        defer { close(taken) }
        let (refused, _) = try station.spawn(port: port)
        let failed = await refused.output(killingAfter: 180)
        #expect(failed.status == 69, "\(station.logs.suffix(2000))")
        #expect(station.logs.contains("[api.unavailable]") && !cluster.isRunning)

        // 6. A closed output (`station … 2>&1 | head -c 100`, issue 34 item 6): once `head` has gone, every write fails;
        //    the station keeps serving, and SIGTERM still stops it and its cluster (exit 0: no crash on a write).
        let pipedPort = try ServerPort.next()
        let statusFile = site.directory.appendingPathComponent("piped-status").path
        let shell = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), [
            "-c", #"{ SWIFT_BACKTRACE=enable=no "$0" station --data "$1" --listen "127.0.0.1:$2" 2>&1; echo $? > "$3"; } | head -c 100 > /dev/null"#,
            ServerBinaryTests.server.path, site.data, String(pipedPort), statusFile,
        ])
        _ = try await PrenotifyHarness.waitForAnswer(seconds: 240, "the piped station's /healthz") { () async throws -> Bool? in
            try? await PrenotifyHarness.get("http://127.0.0.1:\(pipedPort)/healthz").0 == 200 ? true : nil
        }
        let lock = try String(contentsOfFile: site.data + "/station.lock", encoding: .utf8)
        let pipedPid = try #require(Int32(lock.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pipedPid, SIGTERM) == 0)
        _ = await shell.output(killingAfter: 180)
        #expect((try? String(contentsOfFile: statusFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(!cluster.isRunning)
    }

    /// A socket listening on 127.0.0.1 at a free port (its descriptor and the port), so that a station cannot bind it.
    static func listeningSocket() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0, let port = LoopbackSocket.bind(fd, listening: true) else {
            close(fd)
            throw PrenotifyHarness.Failure(description: "no listening socket")
        }
        return (fd, port)
    }
}
