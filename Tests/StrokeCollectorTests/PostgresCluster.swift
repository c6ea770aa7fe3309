import Foundation
import PostgresServerKit
import StrokeCollector
import TestScratch

#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL cluster for the collector tests (the tools run through
/// `PostgresTools`, as the station's own cluster's): `initdb` in a temporary directory, a random free port, the Unix socket in that
/// directory, run as the unprivileged `postgres` user when the tests run as
/// root. One cluster serves the whole test process (each test gets its own
/// database); it is stopped at exit, and a watchdog stops it too if the test
/// process dies without running its exit handlers. Every wait is bounded.
final class PostgresCluster: Sendable {
    /// The cluster of this test process, started on first use.
    static let shared: Result<PostgresCluster, any Error> = Result { try PostgresCluster.start() }

    /// Why the cluster could not start (the log's tail is in the message).
    struct ClusterError: Error, CustomStringConvertible {
        let description: String
    }

    /// The cluster's temporary directory (data in `data/`, the socket and the log beside it).
    let directory: String
    /// The server's port (also the socket's suffix).
    let port: Int
    /// The directory holding `initdb`, `pg_ctl` and `createdb`.
    let binDirectory: String
    /// The command prefix that runs a server tool as the unprivileged user (`runuser -u postgres --` as root).
    let asServerUser: [String]
    private let counter = Counter()

    private init(directory: String, port: Int, binDirectory: String, asServerUser: [String]) {
        self.directory = directory
        self.port = port
        self.binDirectory = binDirectory
        self.asServerUser = asServerUser
    }

    /// A new, empty database in the cluster (one per test), as a URL through the Unix socket.
    func createDatabase() throws -> DatabaseURL {
        let name = "t\(getpid())_\(counter.next())"
        try Self.run(["\(binDirectory)/createdb", "-h", directory, "-p", "\(port)", "-U", "collector", name])
        return try DatabaseURL("postgres://collector@localhost:\(port)/\(name)?host=\(directory)")
    }

    /// The URL of database `name` through the Unix socket.
    func url(database name: String) throws -> DatabaseURL {
        try DatabaseURL("postgres://collector@localhost:\(port)/\(name)?host=\(directory)")
    }

    /// Starts a cluster: the shared one (stopped at exit), or a private one (`shared: false`) that a test
    /// stops and restarts itself (the fleet fault tests); the watchdog stops either if the process dies.
    static func start(shared: Bool = true) throws(ClusterError) -> PostgresCluster {
        // A loaded machine must not turn a slow database answer into a failure: every store and server
        // this process (and its children) starts waits up to 60 s (DatabasePool.defaultDeadline);
        // the deadline tests set their own 1 s.
        setenv("STROKE_TRIAGE_DB_DEADLINE_SECONDS", "60", 1)
        do {
            let bin = try PostgresTools.binDirectory()
            var template = Array("\(NSTemporaryDirectory())/stroke-collector-pg.XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw ClusterError(description: "mkdtemp failed") }
            let directory = String(cString: made)
            var prefix: [String] = []
            if getuid() == 0 {
                try run(["/bin/chown", "postgres:", directory])
                prefix = PostgresTools.asUser("postgres")
            }
            try run(prefix + ["\(bin)/initdb", "-D", "\(directory)/data", "-U", "collector", "-A", "trust", "-E", "UTF8",
                              "--no-locale", "--no-sync"])
            let port = try ServerPort.next()  // picked just before the start: the shortest time for another server to take it
            let cluster = PostgresCluster(directory: directory, port: port, binDirectory: bin, asServerUser: prefix)
            try cluster.startServer()
            cluster.startWatchdog()
            if shared { atexit { if case .success(let cluster) = PostgresCluster.shared { cluster.stop() } } }
            return cluster
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError(description: "\(error)")
        }
    }

    /// Starts the server on the cluster's port and socket directory (again after `stopImmediately`), waiting up to 180 s.
    func startServer() throws {
        let options = "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=1000"
        try Self.run(asServerUser + ["\(binDirectory)/pg_ctl", "-D", "\(directory)/data", "-l", "\(directory)/server.log",
                                     "-o", options, "-w", "-t", "180", "start"])
    }

    /// Stops the server at once, as a crash would (`pg_ctl stop -m immediate`): the next start recovers from the WAL.
    func stopImmediately() throws {
        try Self.run(asServerUser + ["\(binDirectory)/pg_ctl", "-D", "\(directory)/data", "-m", "immediate", "-w", "-t", "60", "stop"])
    }

    /// Stops the server (fast shutdown, bounded) and removes the directory.
    func stop() {
        _ = try? Self.run(asServerUser + ["\(binDirectory)/pg_ctl", "-D", "\(directory)/data", "-m", "fast", "-w", "-t", "60", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A shell that waits for this process to end, then stops the cluster and removes its directory.
    private func startWatchdog() {
        let stop = (asServerUser + ["\(binDirectory)/pg_ctl", "-D", "\(directory)/data", "-m", "immediate", "-w", "-t", "60", "stop"])
            .map { "'\($0)'" }.joined(separator: " ")
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop) >/dev/null 2>&1; rm -rf '\(directory)'"
        _ = try? Self.spawn(["/bin/sh", "-c", script], output: "/dev/null")
    }

    /// Runs a tool to its end with no input; throws with its output when it fails (`PostgresTools.run`).
    @discardableResult
    static func run(_ arguments: [String]) throws -> String { try PostgresTools.run(arguments) }

    /// Starts `arguments` with no input, its output to `output`, and no other descriptor (`PostgresTools.spawn`).
    static func spawn(_ arguments: [String], output: String) throws -> pid_t { try PostgresTools.spawn(arguments, output: output) }

    /// A thread-safe counter for database names.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
