import Foundation
import Logging
import PostgresNIO
@testable import PostgresServerKit
import Testing
import TestScratch
#if canImport(Glibc)
import Glibc
#endif

/// The station's own PostgreSQL under supervision (issue 34, items 4 and 11), in process: the
/// restart schedule with fakes on a clock that never waits, then a real cluster in a temporary
/// directory whose postmaster is killed with SIGKILL and started again by the supervisor, and whose
/// station role is no superuser.
@Suite("station supervision")
struct StationSupervisionTests {
    static let logger = Logger(label: "test.station-supervision")

    @Test("a stopped cluster is restarted after 0, 1, 2, 4 and 8 s; when every attempt fails the supervisor gives up with stationDatabaseLost")
    func schedule() async throws {
        let clock = ImmediateClock()
        let attempts = CallCount()
        let failing = StationSupervisor(isRunning: { false }, restart: {
            attempts.increment()
            throw CollectorError.stationDatabaseFailed("pg_ctl start failed (exit 1)")
        }, clock: clock, logger: Self.logger)
        let lost = try await #require(throws: CollectorError.self) { _ = try await failing.recover() }
        #expect(attempts.value == 5)
        #expect(clock.slept == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        #expect(lost.code == "collector.stationDatabaseLost" && lost.category.exitStatus == 69)
        #expect(lost.detail?.contains("pg_ctl start failed") == true)

        // Running again at the third attempt: the supervisor carries on and says so.
        let thirdClock = ImmediateClock(), tries = CallCount(), restarted = CallCount()
        let third = StationSupervisor(isRunning: { false }, restart: {
            tries.increment()
            if tries.value < 3 { throw CollectorError.stationDatabaseFailed("still in use") }
        }, clock: thirdClock, logger: Self.logger, onRestarted: { restarted.increment() })
        #expect(try await third.recover())
        #expect(thirdClock.slept == [.seconds(1), .seconds(2)] && restarted.value == 1)

        // A look finds the cluster running: nothing is restarted; each look waits one interval.
        let quietClock = ImmediateClock(), untouched = CallCount()
        let quiet = StationSupervisor(isRunning: { true }, restart: { untouched.increment() }, clock: quietClock, logger: Self.logger)
        #expect(try await quiet.tick())
        #expect(try await quiet.tick())
        #expect(untouched.value == 0 && quietClock.slept == [.seconds(1), .seconds(1)])
    }

    @Test("a real cluster: the station's role is no superuser; after kill -9 of the postmaster the supervisor starts it again and queries answer")
    func killedPostmaster() async throws {
        let scratch = try StationScratch()
        defer { scratch.remove() }
        let cluster = try StationCluster(directory: scratch.path("data"))
        defer { if cluster.isRunning { try? cluster.stop() } }
        try cluster.create()
        try cluster.start()
        try await cluster.prepareRole(logger: Self.logger)
        #expect(!cluster.roleIsLegacy)
        #expect(try await Self.isSuperuser(cluster) == false)

        let pid = try #require(cluster.postmasterProcess)
        #expect(cluster.postmasterRuns)
        #expect(kill(pid, SIGKILL) == 0)
        // The kernel ends the process at once; its pid file stays behind.
        _ = try await PrenotifyHarness.waitForAnswer(seconds: 30, "the killed postmaster's end") { cluster.postmasterRuns ? nil : true }
        #expect(FileManager.default.fileExists(atPath: scratch.path("data") + "/pgdata/postmaster.pid"))

        let clock = ImmediateClock(), restarted = CallCount()
        let supervisor = StationSupervisor(cluster: cluster, clock: clock, logger: Self.logger) { restarted.increment() }
        #expect(try await supervisor.tick())
        #expect(restarted.value == 1)
        #expect(cluster.postmasterRuns && cluster.postmasterProcess != pid)
        #expect(try await Self.isSuperuser(cluster) == false)
        #expect(clock.slept.first == .seconds(1))
    }

    /// Whether the station's role (through `cluster.url()`) is a superuser; also checks that it cannot run a program.
    static func isSuperuser(_ cluster: StationCluster) async throws -> Bool {
        let configuration = try #require(try cluster.url().connectionConfiguration)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        var superuser: Bool?
        do {
            for try await row in try await connection.query("SELECT rolsuper FROM pg_roles WHERE rolname = current_user", logger: logger) {
                superuser = try row.decode(Bool.self)
            }
            // It owns its database: it may make tables (the migrations), but not run programs or read the server's files.
            _ = try await connection.query("CREATE TABLE IF NOT EXISTS station_probe (x int)", logger: logger)
            await #expect(throws: PSQLError.self) { _ = try await connection.query("COPY (SELECT 1) TO PROGRAM 'true'", logger: logger) }
        } catch {
            try? await connection.close()
            throw error
        }
        // Closed before the test goes on: no backend of this connection outlives a killed postmaster.
        try await connection.close()
        guard let superuser else { throw PrenotifyHarness.Failure(description: "pg_roles has no row for the station's role") }
        return superuser
    }
}


/// A thread-safe count.
final class CallCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
