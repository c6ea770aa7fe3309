import Foundation
import Logging
import NIOPosix
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

/// Keeps the station's own PostgreSQL running while the station serves (issue 34): every
/// `interval` it looks whether the postmaster named in `pgdata/postmaster.pid` still runs; when
/// it does not (killed, crashed, stopped by hand), it starts the cluster again, waiting longer
/// between failed attempts (`Schedule.retries`). When every attempt failed it throws
/// `CollectorError.stationDatabaseLost`: the station then stops its services and exits 69, so
/// that a service manager (systemd's `Restart=on-failure`) starts it again (docs/station.md).
///
/// Time comes from the injected clock; the start itself (`pg_ctl start`, which blocks for up to
/// 120 s) runs on NIO's thread pool, never on the cooperative pool. A graceful shutdown ends the
/// watch before the station stops the cluster, so a stop is never mistaken for a crash.
public struct StationSupervisor: Service {
    /// When the supervisor looks and how it retries.
    public struct Schedule: Sendable, Equatable {
        /// The time between two looks at the postmaster (1 s).
        public var interval: Duration = .seconds(1)
        /// The wait before each restart attempt (the first at once): 5 attempts within about 15 s plus
        /// the starts themselves; a killed postmaster's last backends usually need a second.
        public var retries: [Duration] = [.zero, .seconds(1), .seconds(2), .seconds(4), .seconds(8)]

        /// The default schedule.
        public init() {}
    }

    let isRunning: @Sendable () -> Bool
    let restart: @Sendable () async throws -> Void
    let onRestarted: @Sendable () -> Void
    let clock: any Clock<Duration>
    let schedule: Schedule
    let logger: Logger

    /// Supervises `cluster`; `onRestarted` runs after each successful restart.
    public init(cluster: StationCluster, clock: any Clock<Duration> = ContinuousClock(), schedule: Schedule = Schedule(),
                logger: Logger, onRestarted: @escaping @Sendable () -> Void = {}) {
        self.init(isRunning: { cluster.postmasterRuns },
                  restart: { try await NIOThreadPool.singleton.runIfActive { try cluster.start() } },
                  clock: clock, schedule: schedule, logger: logger, onRestarted: onRestarted)
    }

    /// Supervises whatever `isRunning` looks at and `restart` starts (the tests' fakes).
    public init(isRunning: @escaping @Sendable () -> Bool, restart: @escaping @Sendable () async throws -> Void,
                clock: any Clock<Duration>, schedule: Schedule = Schedule(), logger: Logger,
                onRestarted: @escaping @Sendable () -> Void = {}) {
        self.isRunning = isRunning
        self.restart = restart
        self.onRestarted = onRestarted
        self.clock = clock
        self.schedule = schedule
        self.logger = logger
    }

    /// Watches until the graceful shutdown (or cancellation); throws `stationDatabaseLost` when the
    /// cluster stopped and could not be restarted.
    public func run() async throws {
        try await cancelWhenGracefulShutdown {
            while try await self.tick() {}
        }
    }

    /// One look after one interval: restarts the cluster when it stopped. False once cancelled.
    /// - Throws: `stationDatabaseLost` when every restart attempt failed.
    func tick() async throws -> Bool {
        do { try await clock.sleep(for: schedule.interval) } catch { return false }
        if !isRunning() { return try await recover() }
        return true
    }

    /// Restarts the cluster, waiting `schedule.retries` before the attempts: true once it runs again,
    /// false when cancelled while waiting.
    /// - Throws: `stationDatabaseLost` after the last failed attempt.
    public func recover() async throws -> Bool {
        logger.error("station database stopped; restarting it")
        var reason = ""
        for (index, delay) in schedule.retries.enumerated() {
            if delay > .zero {
                do { try await clock.sleep(for: delay) } catch { return false }
            }
            do {
                try await restart()
                onRestarted()
                logger.notice("station database running again", metadata: ["attempt": "\(index + 1)"])
                return true
            } catch {
                reason = (error as? CollectorError)?.detail ?? "\(error)"
                logger.error("station database restart failed", metadata: ["attempt": "\(index + 1)"])
            }
        }
        throw CollectorError.stationDatabaseLost(attempts: schedule.retries.count, reason: String(reason.suffix(1500)))
    }
}

extension StationCluster {
    /// The postmaster's process id, from the first line of `pgdata/postmaster.pid`; nil when there is none.
    public var postmasterProcess: pid_t? {
        guard let pgdata = try? openDirectory(creating: false)?.subdirectory("pgdata"),
              let text = try? pgdata.read("postmaster.pid", last: 4096) else { return nil }
        return text.split(separator: "\n").first.flatMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Whether the postmaster runs: the process `postmaster.pid` names exists, is PostgreSQL's and is no zombie.
    /// (A postmaster killed with SIGKILL leaves its pid file behind; a container's init may not reap it at once.)
    public var postmasterRuns: Bool {
        guard let pid = postmasterProcess, pid > 0 else { return false }
        return Self.isLivePostgres(pid)
    }

    /// Whether `pid` is a live PostgreSQL process (`/proc/PID/stat`: its name and state), else whether it exists.
    static func isLivePostgres(_ pid: pid_t) -> Bool {
        guard let (name, state) = processStatus(pid) else {
            if FileManager.default.fileExists(atPath: "/proc/self/stat") { return false }
            return kill(pid, 0) == 0 || errno == EPERM
        }
        return name.hasPrefix("postgres") && state != "Z" && state != "X"
    }

    /// The name and state of `pid` from `/proc/PID/stat`, nil when it cannot be read.
    static func processStatus(_ pid: pid_t) -> (name: Substring, state: Character?)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        // "PID (NAME) STATE …": the name may hold spaces and parentheses; the state follows the last ')'.
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        return (stat[stat.index(after: open)..<close], stat[stat.index(after: close)...].drop { $0 == " " }.first)
    }

    /// Clears the lock of a postmaster that ended but was not reaped (a zombie: a container whose init reaps no
    /// orphans). PostgreSQL refuses to start while `postmaster.pid` names a process that exists ("lock file already
    /// exists"), and a zombie exists. The file (and the socket's lock naming the same process) is removed only when that process is a zombie and no process is attached
    /// to the shared memory it names any more (PostgreSQL's own interlock: a backend of the dead postmaster still
    /// running keeps it attached); the orphaned segment is removed too. True when the file was removed.
    @discardableResult
    func clearDeadPostmaster() throws(CollectorError) -> Bool {
        guard let pid = postmasterProcess, let (_, state) = Self.processStatus(pid), state == "Z",
              let directory = try openDirectory(creating: false), let pgdata = try directory.subdirectory("pgdata"),
              let text = try pgdata.read("postmaster.pid", last: 4096) else { return false }
        // Line 7: the shared memory's key and id.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 7, let id = lines[6].split(separator: " ").last.flatMap({ Int32($0) }) else { return false }
        var segment = shmid_ds()
        if shmctl(id, IPC_STAT, &segment) == 0 {
            guard segment.shm_nattch == 0 else { return false }
            _ = shmctl(id, IPC_RMID, nil)
        } else if errno != EINVAL && errno != EIDRM {
            return false
        }
        try pgdata.remove("postmaster.pid")
        // The socket's lock names the same process, and PostgreSQL refuses it for the same reason.
        let socketLock = ".s.PGSQL.\(Self.port).lock"
        if let lock = try directory.read(socketLock, last: 4096), lock.split(separator: "\n").first == "\(pid)" {
            try directory.remove(socketLock)
        }
        return true
    }
}
