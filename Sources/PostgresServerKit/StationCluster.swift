import Foundation
import Logging

#if canImport(Glibc)
import Glibc  // uid_t and stat's fields; the calls are StationDirectory's
#endif

/// The station's own PostgreSQL cluster in its data directory (`--data DIR`, docs/station.md).
///
/// Layout of `DIR` (mode 0700): `pgdata/` (the cluster), `password` (the generated password of
/// the database user `stroke_triage`, mode 0600), `postgresql.log`, `station.lock` (the running
/// station's, `StationLock`) and the Unix socket `.s.PGSQL.5432`. The cluster listens on that
/// socket only (no TCP); the station's role authenticates with the password (scram-sha-256) and is
/// no superuser, the superuser only by peer authentication (`StationCluster+Role`).
///
/// Run as root, the cluster runs as the owner of an existing `pgdata/`, else as the system user
/// `stroke-triage` (created when missing; never Debian's shared `postgres`): PostgreSQL refuses
/// to run as root. That account may write `DIR`, so root never follows a link
/// there (`StationDirectory`): `DIR` and every name above must not be a link and must belong to
/// root or that account (else to this process's user), or the command is refused. The executable
/// then becomes that account for good (`becomeAccount()`, issue 34) before it writes the cluster's
/// files or starts it. Every tool's wait is bounded.
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
    /// The longest path of a Unix socket (`sun_path` holds 108 bytes with its terminating NUL).
    public static let socketPathLimit = 107
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
    /// - Throws: `CollectorError.stationDatabaseFailed` when PostgreSQL is not installed; `dataDirectoryTooLong` when
    ///   `DIR/.s.PGSQL.5432` would exceed a Unix socket's 107 bytes; `dataDirectoryIsLink` when `directory` or its
    ///   `pgdata` is a link; `stationAccountMissing` (root) when no `stroke-triage` account exists or can be made.
    public init(directory: String) throws(CollectorError) {
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        let socket = absolute.utf8.count + "/.s.PGSQL.\(Self.port)".utf8.count
        guard socket <= Self.socketPathLimit else {
            throw .dataDirectoryTooLong(absolute, length: socket, limit: Self.socketPathLimit)
        }
        self.directory = absolute
        binDirectory = try PostgresTools.binDirectory()
        account = StationAccount.isRoot ? try Self.account(directory: absolute) : nil
    }

    private init(directory: String, binDirectory: String, account: StationAccount?) {
        self.directory = directory
        self.binDirectory = binDirectory
        self.account = account
    }

    /// Run as root, makes this process the cluster's account for good and returns the cluster as that account
    /// sees it (its tools run directly, its files are made by the account); otherwise `self`, nothing done.
    /// First `DIR` is made if missing and checked (`openDirectory`: not a link, root's or the account's, none of
    /// its names a link or another account's), given to the account with the station's files root may have left
    /// in it (`password`, `postgresql.log`, `station.lock`), then `StationAccount.become()`.
    ///
    /// Only an executable calls this (`station`, the commands with `--data`): a process that calls it is root no
    /// more (a test process, which runs command lines in process as root, never does). glibc changes every thread
    /// that can still run but not a main thread parked in its exit (the Swift runtime's `dispatch_main`), which keeps
    /// root: the executable then runs its command line again (`execv`), as the account, with one thread.
    /// - Throws: the directory's errors; `stationAccountSwitchFailed` when the process could not become the account.
    public func becomeAccount() throws(CollectorError) -> StationCluster {
        guard let account else { return self }
        let directory = try requireDirectory(creating: true)
        try directory.secure(for: account)
        for name in ["password", "postgresql.log", StationLock.fileName] { try directory.give(name, to: account) }
        try account.become()
        return StationCluster(directory: self.directory, binDirectory: binDirectory, account: nil)
    }

    /// The URL of the station's database through the socket (with the stored password).
    public func url() throws(CollectorError) -> DatabaseURL {
        let password = try storedPassword()
        let socket = directory.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+"])) ?? directory
        do {
            return try DatabaseURL("postgres://\(Self.user):\(password)@localhost:\(Self.port)/\(Self.database)?host=\(socket)")
        } catch {
            throw .stationDatabaseFailed("the socket path \(directory) does not make a database URL")
        }
    }

    /// Whether a cluster was created in the directory.
    public var exists: Bool {
        guard let pgdata = try? openDirectory(creating: false)?.subdirectory("pgdata") else { return false }
        return (try? pgdata.entry("PG_VERSION")) != nil
    }

    /// Whether the cluster's server runs (`pg_ctl status`, and its postmaster is no zombie: `postmasterRuns`).
    public var isRunning: Bool {
        guard exists, let (status, _) = try? PostgresTools.exitStatus(pgctl(["status"])) else { return false }
        return status == 0 && postmasterRuns
    }

    /// Creates the cluster on first use: the directory (0700), a generated password (0600), `initdb` with the
    /// station's authentication (`StationCluster+Role`; the role itself is made by `prepareRole` once it runs).
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
        try PostgresTools.run(initdbArguments)
        guard let pgdata = try directory.subdirectory("pgdata") else { throw .stationDatabaseFailed("initdb made no \(dataDirectory)") }
        try writeAuthentication(pgdata)
        let settings = "\n# stroke-triage station: the Unix socket in the data directory only, no TCP.\ninclude_if_exists = 'station.conf'\n"
        try pgdata.write(settings, to: "postgresql.conf", appending: true, account: nil)
    }

    /// Starts the server (written settings: the socket in the directory, no TCP), waiting up to 120 s.
    public func start() throws(CollectorError) {
        let directory = try requireDirectory(creating: false)
        guard let pgdata = try directory.subdirectory("pgdata") else { throw .stationDatabaseFailed("\(dataDirectory) does not exist") }
        let quoted = self.directory.replacingOccurrences(of: "'", with: "''")
        // jit = off: nothing in the station needs it, and the service unit forbids writable code (MemoryDenyWriteExecute).
        let settings = "listen_addresses = ''\nport = \(Self.port)\nunix_socket_directories = '\(quoted)'\nunix_socket_permissions = 0700\njit = off\n"
        try pgdata.write(settings, to: "station.conf", replacing: true, account: account)
        try clearDeadPostmaster()
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
        // The tools run off the cooperative pool (`offPool`).
        try await offPool { try $0.create() }
        let started = try await offPool { !$0.isRunning }
        do {
            // A start that fails (or times out) may still leave the server running: it is stopped too.
            if started { try await offPool { try $0.start() } }
            try await prepareRole(logger: Logger(label: "stroke-triage.station"))
            let result = try await body(try url())
            if started { try await offPool { try $0.stop() } }
            return result
        } catch {
            if started { _ = try? await offPool { try $0.stop() } }
            throw error
        }
    }

    private func pgctl(_ arguments: [String]) -> [String] {
        asServerUser + ["\(binDirectory)/pg_ctl", "-D", dataDirectory] + arguments
    }

    /// The account a root process runs the cluster as (see the type's documentation): the owner of an
    /// existing `pgdata` (looked at without following a link), else `stroke-triage`, created when missing.
    static func account(directory: String) throws(CollectorError) -> StationAccount {
        var owner: StationAccount?
        if let existing = try StationDirectory.open(directory, owners: [], creating: false), let info = try existing.entry("pgdata"),
           info.st_uid != 0 {
            owner = StationAccount(uid: info.st_uid)
        }
        return try account(pgdataOwner: owner, named: StationAccount.init(named:)) { () throws(CollectorError) in
            _ = try PostgresTools.run(["/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", Self.accountName])
        }
    }

    /// The system account a new cluster runs as when the station is root.
    public static let accountName = "stroke-triage"

    /// The choice of `account(directory:)`: `pgdataOwner`, else the account `stroke-triage` (made with `create`
    /// when `named` finds none). Never Debian's shared `postgres` account, whose other clusters and whoever may
    /// act as it would own the station's data.
    /// - Throws: `stationAccountMissing` when `create` fails or makes no account.
    static func account(pgdataOwner: StationAccount?, named: (String) -> StationAccount?,
                        create: () throws(CollectorError) -> Void) throws(CollectorError) -> StationAccount {
        if let pgdataOwner { return pgdataOwner }
        if let account = named(accountName) { return account }
        do throws(CollectorError) {
            try create()
        } catch {
            throw .stationAccountMissing(error.detail ?? error.code)
        }
        guard let account = named(accountName) else { throw .stationAccountMissing("useradd made no account \(accountName)") }
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
