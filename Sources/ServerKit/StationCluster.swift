import Foundation

#if canImport(Glibc)
import Glibc  // uid_t and stat's fields; the calls are StationDirectory's
#endif

/// The station's own PostgreSQL cluster in its data directory (`--data DIR`, docs/station.md).
///
/// Layout of `DIR` (mode 0700): `pgdata/` (the cluster), `password` (the generated password of
/// the database user `stroke_triage`, mode 0600), `postgresql.log`, `station.lock` (the running
/// station's, `StationLock`) and the Unix socket `.s.PGSQL.5432`. The cluster listens on that
/// socket only (no TCP), and every connection authenticates with the password (scram-sha-256).
///
/// Run as root, the cluster runs as the owner of an existing `pgdata/`, else as the system user
/// `stroke-triage` (created when neither it nor Debian's `postgres` exists), else `postgres`:
/// PostgreSQL refuses to run as root. That account may write `DIR`, so root never follows a link
/// there (`StationDirectory`): `DIR` and every name above must not be a link and must belong to
/// root or that account (else to this process's user), or the command is refused. Every tool's
/// wait is bounded.
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
    /// The account the cluster runs as when this process is root (nil: this process's user).
    let account: StationAccount?
    /// The prefix running a server tool as the cluster's account (empty unless this process is root).
    var asServerUser: [String] { account.map { PostgresTools.asUser($0.name) } ?? [] }
    /// Who may own `DIR` and the station's files in it: root and the cluster's account, else this process's user.
    var owners: Set<uid_t> { account.map { [0, $0.uid] } ?? [StationAccount.current] }

    /// The database user and database the station uses.
    static let user = "stroke_triage", database = "postgres", port = 5432
    /// Every name the station keeps in `DIR`: none may be a link or another account's.
    static let names = ["pgdata", "password", "postgresql.log", StationLock.fileName, ".s.PGSQL.\(port)", ".s.PGSQL.\(port).lock"]

    /// The cluster's files.
    var dataDirectory: String { directory + "/pgdata" }
    var passwordFile: String { directory + "/password" }
    /// The server's log (the tail is in every start failure's detail).
    public var logFile: String { directory + "/postgresql.log" }

    /// The default data directory: `$XDG_DATA_HOME/stroke-triage/station` (else
    /// `~/.local/share/stroke-triage/station`); `/var/lib/stroke-triage/station` for root.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if StationAccount.isRoot { return "/var/lib/stroke-triage/station" }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/stroke-triage/station" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/stroke-triage/station"
    }

    /// The cluster in `directory` (made absolute; nothing is created yet).
    /// - Throws: `CollectorError.stationDatabaseFailed` when PostgreSQL is not installed or the path is too long for a
    ///   socket; `dataDirectoryIsLink` when `directory` or its `pgdata` is a link.
    public init(directory: String) throws(CollectorError) {
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        // A Unix socket's path has at most 107 bytes.
        guard absolute.utf8.count + "/.s.PGSQL.\(Self.port)".utf8.count <= 107 else {
            throw .stationDatabaseFailed("--data \(absolute): the path is too long for PostgreSQL's socket (at most 93 bytes)")
        }
        self.directory = absolute
        binDirectory = try PostgresTools.binDirectory()
        account = StationAccount.isRoot ? try Self.account(directory: absolute) : nil
    }

    /// The URL of the station's database through the socket (with the stored password).
    public func url() throws(CollectorError) -> DatabaseURL {
        guard let password = try openDirectory(creating: false)?.read("password", last: 4096) else {
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
    public var exists: Bool {
        guard let pgdata = try? openDirectory(creating: false)?.subdirectory("pgdata") else { return false }
        return (try? pgdata.entry("PG_VERSION")) != nil
    }

    /// Whether the cluster's server runs (`pg_ctl status`).
    public var isRunning: Bool {
        guard exists, let (status, _) = try? PostgresTools.exitStatus(pgctl(["status"])) else { return false }
        return status == 0
    }

    /// Creates the cluster on first use: the directory (0700), a generated password (0600), `initdb`.
    /// Before anything, the directory and the names in it are checked (`openDirectory`).
    public func create() throws(CollectorError) {
        let directory = try requireDirectory(creating: true)
        // The parents stay traversable (the cluster's account must reach the directory); the directory is private.
        try directory.secure(for: account)
        guard !exists else { return }
        if try directory.entry("password") == nil {
            var generator = SystemRandomNumberGenerator()
            let password = (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
            try directory.write(password + "\n", to: "password", account: account)
        } else if let account {
            try directory.give("password", to: account)
        }
        try PostgresTools.run(asServerUser + ["\(binDirectory)/initdb", "-D", dataDirectory, "-U", Self.user, "--pwfile", passwordFile,
                                              "--auth", "scram-sha-256", "-E", "UTF8", "--no-locale"])
        guard let pgdata = try directory.subdirectory("pgdata") else { throw .stationDatabaseFailed("initdb made no \(dataDirectory)") }
        let settings = "\n# stroke-triage station: the Unix socket in the data directory only, no TCP.\ninclude_if_exists = 'station.conf'\n"
        try pgdata.write(settings, to: "postgresql.conf", appending: true, account: nil)
    }

    /// Starts the server (written settings: the socket in the directory, no TCP), waiting up to 120 s.
    public func start() throws(CollectorError) {
        let directory = try requireDirectory(creating: false)
        guard let pgdata = try directory.subdirectory("pgdata") else { throw .stationDatabaseFailed("\(dataDirectory) does not exist") }
        let quoted = self.directory.replacingOccurrences(of: "'", with: "''")
        let settings = "listen_addresses = ''\nport = \(Self.port)\nunix_socket_directories = '\(quoted)'\nunix_socket_permissions = 0700\n"
        try pgdata.write(settings, to: "station.conf", replacing: true, account: account)
        do {
            try PostgresTools.run(pgctl(["-l", logFile, "-w", "-t", "120", "start"]))
        } catch {
            let log = (try? directory.read("postgresql.log", last: 1500)) ?? ""
            throw .stationDatabaseFailed("\(error.detail ?? "pg_ctl start failed")\nlog: \(log)")
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

    /// The account a root process runs the cluster as (see the type's documentation): the owner of an
    /// existing `pgdata` (looked at without following a link), else `stroke-triage`, else `postgres`.
    static func account(directory: String) throws(CollectorError) -> StationAccount {
        if let existing = try StationDirectory.open(directory, owners: [], creating: false), let info = try existing.entry("pgdata"),
           info.st_uid != 0, let owner = StationAccount(uid: info.st_uid) {
            return owner
        }
        if let account = StationAccount(named: "stroke-triage") ?? StationAccount(named: "postgres") { return account }
        try PostgresTools.run(["/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "stroke-triage"])
        guard let account = StationAccount(named: "stroke-triage") else { throw .stationDatabaseFailed("no user stroke-triage") }
        return account
    }

    /// The data directory opened (with `creating`, made) and checked: not a link, owned by one of
    /// `owners`, none of `names` a link or another account's; nil when it does not exist.
    func openDirectory(creating: Bool) throws(CollectorError) -> StationDirectory? {
        guard let opened = try StationDirectory.open(directory, owners: owners, creating: creating) else { return nil }
        for name in Self.names { try opened.entry(name) }
        return opened
    }

    private func requireDirectory(creating: Bool) throws(CollectorError) -> StationDirectory {
        guard let opened = try openDirectory(creating: creating) else { throw .stationDatabaseFailed("\(directory) does not exist") }
        return opened
    }
}
