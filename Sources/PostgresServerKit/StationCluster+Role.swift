import Foundation
import Logging
import PostgresNIO

#if canImport(Glibc)
import Glibc
#endif

/// The station's database roles (issue 34): the station connects as `stroke_triage`, a role that
/// may log in and owns the database `postgres` and its `public` schema, and nothing more (no
/// superuser, no `CREATEDB`, no `CREATEROLE`), so a flaw in a query cannot read the server's files or
/// run programs (`COPY … TO PROGRAM`). The cluster's superuser, `stroke_triage_admin`, has no
/// password: it logs in only over the station's socket by peer authentication, from root or the
/// cluster's account (`pg_ident.conf`), and only to make the role.
///
/// A cluster made before this (its `pg_hba.conf` names no `stroke_triage_admin`) keeps
/// `stroke_triage` as its superuser: `roleIsLegacy` says so and the station logs it (docs/station.md).
extension StationCluster {
    /// The cluster's superuser (peer authentication only).
    static let adminUser = "stroke_triage_admin"

    /// initdb's arguments for a new cluster: the superuser `stroke_triage_admin`, peer authentication over the socket.
    var initdbArguments: [String] {
        asServerUser + ["\(binDirectory)/initdb", "-D", dataDirectory, "-U", Self.adminUser, "--auth-local", "peer",
                        "--auth-host", "reject", "-E", "UTF8", "--no-locale"]
    }

    /// Writes `pg_hba.conf` (the superuser by peer, mapped; the station's role by password; nothing else)
    /// and `pg_ident.conf` (root and the cluster's account may act as the superuser) into a new `pgdata`.
    func writeAuthentication(_ pgdata: StationDirectory) throws(CollectorError) {
        let hba = """
            # stroke-triage station: the Unix socket only. The superuser by peer authentication (root and the
            # cluster's account, pg_ident.conf), the station's role by password; everything else is refused.
            local all \(Self.adminUser) peer map=station
            local all \(Self.user) scram-sha-256

            """
        let clusterUser = account?.name ?? StationAccount(uid: StationAccount.current)?.name ?? "root"
        let ident = "# stroke-triage station\nstation root \(Self.adminUser)\nstation \(clusterUser) \(Self.adminUser)\n"
        try pgdata.write(hba, to: "pg_hba.conf", replacing: true, account: account)
        try pgdata.write(ident, to: "pg_ident.conf", replacing: true, account: account)
    }

    /// Whether the cluster predates the separate roles: `stroke_triage` is then its superuser.
    public var roleIsLegacy: Bool {
        guard let pgdata = try? openDirectory(creating: false)?.subdirectory("pgdata"),
              let hba = try? pgdata.read("pg_hba.conf") else { return false }
        return !hba.contains(Self.adminUser)
    }

    /// Makes the station's role when the running cluster lacks it (its first start): connects as the
    /// superuser through the socket (peer), creates `stroke_triage` with the stored password and gives
    /// it the database `postgres` and its `public` schema. Nothing to do for a legacy cluster.
    public func prepareRole(logger: Logger) async throws(CollectorError) {
        guard !roleIsLegacy else { return }
        let password = try storedPassword()
        // The password is 48 hex digits (`create()`); anything else is refused rather than put into SQL.
        guard !password.isEmpty, password.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            throw .stationDatabaseFailed("\(passwordFile) does not hold a generated password")
        }
        let configuration = PostgresConnection.Configuration(
            unixSocketPath: "\(directory)/.s.PGSQL.\(Self.port)", username: Self.adminUser, password: nil, database: Self.database)
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            do {
                let rows = try await connection.query("SELECT 1 FROM pg_roles WHERE rolname = \(Self.user)", logger: logger)
                var exists = false
                for try await _ in rows { exists = true }
                if !exists {
                    // Utility statements take no bound parameters: the name is a constant, the password checked above.
                    for statement in [
                        "CREATE ROLE \(Self.user) LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '\(password)'",
                        "ALTER DATABASE \(Self.database) OWNER TO \(Self.user)",
                        "ALTER SCHEMA public OWNER TO \(Self.user)",
                    ] {
                        _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    logger.info("station database role created", metadata: ["role": "\(Self.user)"])
                }
            } catch {
                try? await connection.close()
                throw error
            }
            try? await connection.close()
        } catch {
            // PostgreSQL's own message only: a PSQLError's full form would hold the statement and its password.
            let message = (error as? PSQLError).map { $0.serverInfo?[.message] ?? "\($0.code)" } ?? "\(type(of: error))"
            throw .stationDatabaseFailed("the role \(Self.user) could not be made as \(Self.adminUser): \(message)")
        }
    }

    /// The generated password in `DIR/password`, without its line end.
    func storedPassword() throws(CollectorError) -> String {
        guard let text = try openDirectory(creating: false)?.read("password", last: 4096) else {
            throw .stationDatabaseFailed("\(passwordFile) cannot be read")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
