import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The station's own PostgreSQL cluster in its data directory (`--data DIR`, docs/station.md).
///
/// Layout of `DIR` (mode 0700): `pgdata/` (the cluster), `password` (the generated password of
/// the database user `stroke_triage`, mode 0600), `postgresql.log`, and the Unix socket
/// `.s.PGSQL.5432`. The cluster listens on that socket only (no TCP), and every connection
/// authenticates with the password (scram-sha-256).
///
/// Run as root, the cluster runs as the owner of an existing `pgdata/`, else as the system user
/// `stroke-triage` (created when neither it nor Debian's `postgres` exists), else `postgres`:
/// PostgreSQL refuses to run as root. Every tool's wait is bounded.
///
/// ```swift
/// let cluster = try StationCluster(directory: dir)
/// try await cluster.whileRunning { url in try await CollectorStore.with(database: url, logger: logger) { … } }
/// ```
public struct StationCluster: Sendable {
    /// The data directory.
    public let directory: String
    /// The server tools' directory.
    let binDirectory: String
    /// The user the cluster runs as when this process is root (nil: this process's user).
    let serverUser: String?
    /// The prefix running a server tool as the cluster's user (empty unless this process is root).
    var asServerUser: [String] { serverUser.map(PostgresTools.asUser) ?? [] }

    /// The database user and database the station uses.
    static let user = "stroke_triage", database = "postgres", port = 5432

    /// The cluster's files.
    var dataDirectory: String { directory + "/pgdata" }
    var passwordFile: String { directory + "/password" }
    /// The server's log (the tail is in every start failure's detail).
    public var logFile: String { directory + "/postgresql.log" }

    /// The default data directory: `$XDG_DATA_HOME/stroke-triage/station` (else
    /// `~/.local/share/stroke-triage/station`); `/var/lib/stroke-triage/station` for root.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if getuid() == 0 { return "/var/lib/stroke-triage/station" }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/stroke-triage/station" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/stroke-triage/station"
    }

    /// The cluster in `directory` (made absolute; nothing is created yet).
    /// - Throws: `CollectorError.stationDatabaseFailed` when PostgreSQL is not installed or the path is too long for a socket.
    public init(directory: String) throws(CollectorError) {
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        // A Unix socket's path has at most 107 bytes.
        guard absolute.utf8.count + "/.s.PGSQL.\(Self.port)".utf8.count <= 107 else {
            throw .stationDatabaseFailed("--data \(absolute): the path is too long for PostgreSQL's socket (at most 93 bytes)")
        }
        self.directory = absolute
        binDirectory = try PostgresTools.binDirectory()
        serverUser = getuid() == 0 ? try Self.serverUser(dataDirectory: absolute + "/pgdata") : nil
    }

    /// The URL of the station's database through the socket (with the stored password).
    public func url() throws(CollectorError) -> DatabaseURL {
        guard let password = try? String(contentsOfFile: passwordFile, encoding: .utf8) else {
            throw .stationDatabaseFailed("\(passwordFile) cannot be read")
        }
        let socket = directory.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+"])) ?? directory
        do {
            return try DatabaseURL("postgres://\(Self.user):\(password.trimmingCharacters(in: .whitespacesAndNewlines))@localhost:\(Self.port)/\(Self.database)?host=\(socket)")
        } catch {
            throw .stationDatabaseFailed("the socket path \(directory) does not make a database URL")
        }
    }

    /// Whether a cluster was created in the directory.
    public var exists: Bool { FileManager.default.fileExists(atPath: dataDirectory + "/PG_VERSION") }

    /// Whether the cluster's server runs (`pg_ctl status`).
    public var isRunning: Bool {
        guard exists, let (status, _) = try? PostgresTools.exitStatus(pgctl(["status"])) else { return false }
        return status == 0
    }

    /// Creates the cluster on first use: the directory (0700), a generated password (0600), `initdb`.
    public func create() throws(CollectorError) {
        guard !exists else { return }
        let files = FileManager.default
        do {
            // The parents stay traversable (the cluster's user must reach the directory); the directory is private.
            try files.createDirectory(atPath: (directory as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if !files.fileExists(atPath: directory) {
                try files.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            }
            try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
            if !files.fileExists(atPath: passwordFile) {
                var generator = SystemRandomNumberGenerator()
                let password = (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
                guard files.createFile(atPath: passwordFile, contents: Data((password + "\n").utf8),
                                       attributes: [.posixPermissions: 0o600]) else {
                    throw CollectorError.stationDatabaseFailed("\(passwordFile) cannot be written")
                }
            }
        } catch let error as CollectorError {
            throw error
        } catch {
            throw .stationDatabaseFailed("\(directory) cannot be created: \(error.localizedDescription)")
        }
        if let serverUser { try chown([directory, passwordFile], to: serverUser) }
        try PostgresTools.run(asServerUser + ["\(binDirectory)/initdb", "-D", dataDirectory, "-U", Self.user, "--pwfile", passwordFile,
                                              "--auth", "scram-sha-256", "-E", "UTF8", "--no-locale"])
        let settings = "\n# stroke-triage station: the Unix socket in the data directory only, no TCP.\ninclude_if_exists = 'station.conf'\n"
        guard let handle = FileHandle(forWritingAtPath: dataDirectory + "/postgresql.conf") else {
            throw .stationDatabaseFailed("\(dataDirectory)/postgresql.conf cannot be written")
        }
        handle.seekToEndOfFile()
        handle.write(Data(settings.utf8))
        handle.closeFile()
    }

    /// Starts the server (written settings: the socket in the directory, no TCP), waiting up to 120 s.
    public func start() throws(CollectorError) {
        let quoted = directory.replacingOccurrences(of: "'", with: "''")
        let settings = "listen_addresses = ''\nport = \(Self.port)\nunix_socket_directories = '\(quoted)'\nunix_socket_permissions = 0700\n"
        let conf = dataDirectory + "/station.conf"
        guard FileManager.default.createFile(atPath: conf, contents: Data(settings.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw .stationDatabaseFailed("\(conf) cannot be written")
        }
        if let serverUser { try chown([conf], to: serverUser) }
        do {
            try PostgresTools.run(pgctl(["-l", logFile, "-w", "-t", "120", "start"]))
        } catch {
            let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            throw .stationDatabaseFailed("\(error.detail ?? "pg_ctl start failed")\nlog: \(log.suffix(1500))")
        }
    }

    /// Stops the server (`pg_ctl stop -m fast`: open sessions end, the data is written), waiting up to 60 s.
    public func stop() throws(CollectorError) {
        try PostgresTools.run(pgctl(["-m", "fast", "-w", "-t", "60", "stop"]))
    }

    /// Runs `body` with the server running: creates and starts it when needed and, if this call
    /// started it, stops it afterwards (also when `body` throws).
    public func whileRunning<T>(_ body: (DatabaseURL) async throws -> T) async throws -> T {
        try create()
        let started = !isRunning
        if started { try start() }
        do {
            let result = try await body(try url())
            if started { try stop() }
            return result
        } catch {
            if started { try? stop() }
            throw error
        }
    }

    private func pgctl(_ arguments: [String]) -> [String] {
        asServerUser + ["\(binDirectory)/pg_ctl", "-D", dataDirectory] + arguments
    }

    /// The user a root process runs the cluster as (see the type's documentation).
    static func serverUser(dataDirectory: String) throws(CollectorError) -> String {
        var info = stat()
        if stat(dataDirectory, &info) == 0, info.st_uid != 0, let owner = getpwuid(info.st_uid) {
            return String(cString: owner.pointee.pw_name)
        }
        if getpwnam("stroke-triage") != nil { return "stroke-triage" }
        if getpwnam("postgres") != nil { return "postgres" }
        try PostgresTools.run(["/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "stroke-triage"])
        return "stroke-triage"
    }

    /// Gives `paths` to `user` (the cluster's user when this process is root).
    private func chown(_ paths: [String], to user: String) throws(CollectorError) {
        guard let entry = getpwnam(user) else { throw .stationDatabaseFailed("no user \(user)") }
        for path in paths where Glibc.chown(path, entry.pointee.pw_uid, entry.pointee.pw_gid) != 0 {
            throw .stationDatabaseFailed("cannot give \(path) to \(user): errno \(errno)")
        }
    }
}
