import Foundation
import PostgresNIO

/// A PostgreSQL connection URL in libpq's form:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require][&host=/socket/dir]`.
///
/// `host=/dir` in the query connects through the Unix socket `/dir/.s.PGSQL.PORT`
/// instead of TCP. `sslmode` defaults to `prefer` over TCP. `description` never
/// shows the password.
public struct DatabaseURL: Sendable, Hashable, CustomStringConvertible {
    /// TLS use over TCP.
    public enum TLSMode: String, Sendable, Hashable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it.
        case prefer
        /// TLS or no connection.
        case require
    }

    /// The user name.
    public let user: String
    /// The password, if any (never printed).
    let password: String?
    /// The TCP host (ignored when `socketDirectory` is set).
    public let host: String
    /// The TCP port, also the suffix of the Unix socket's name.
    public let port: Int
    /// The database name.
    public let database: String
    /// The directory of the Unix socket, if connecting through one.
    public let socketDirectory: String?
    /// TLS over TCP.
    public let tls: TLSMode

    /// Parses a URL.
    /// - Throws: `CollectorError.databaseURLInvalid` naming the part that is wrong (never the password).
    public init(_ text: String) throws(CollectorError) {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme,
              scheme == "postgres" || scheme == "postgresql" else {
            throw .databaseURLInvalid("the scheme must be postgres:// or postgresql://")
        }
        guard let user = parts.user, !user.isEmpty else { throw .databaseURLInvalid("the URL names no user") }
        let database = String(parts.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else { throw .databaseURLInvalid("the URL names no database") }
        let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let port = parts.port ?? 5432
        guard (1...65535).contains(port) else { throw .databaseURLInvalid("port \(port) is not 1–65535") }
        var tls = TLSMode.prefer
        if let mode = query["sslmode"] {
            guard let parsed = TLSMode(rawValue: mode) else {
                throw .databaseURLInvalid("sslmode must be disable, prefer or require, got \(mode)")
            }
            tls = parsed
        }
        let socket = query["host"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let host = parts.host ?? ""
        guard socket != nil || !host.isEmpty else { throw .databaseURLInvalid("the URL names no host") }
        self.user = user
        self.password = parts.password
        self.host = host
        self.port = port
        self.database = database
        self.socketDirectory = socket
        self.tls = tls
    }

    /// The URL with the password replaced by `***`.
    public var description: String {
        let credentials = password == nil ? user : "\(user):***"
        var out = "postgres://\(credentials)@\(host):\(port)/\(database)"
        if let socketDirectory { out += "?host=\(socketDirectory)" }
        return out
    }

    /// The configuration of one PostgresNIO connection (the pool's recovery check), same target and TLS as
    /// the pool; nil when no TLS context can be made.
    var connectionConfiguration: PostgresConnection.Configuration? {
        if let socketDirectory {
            return .init(unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                         database: database)
        }
        let tlsConfiguration: PostgresConnection.Configuration.TLS
        switch tls {
        case .disable: tlsConfiguration = .disable
        case .prefer, .require:
            guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else { return nil }
            tlsConfiguration = tls == .prefer ? .prefer(context) : .require(context)
        }
        return .init(host: host, port: port, username: user, password: password, database: database, tls: tlsConfiguration)
    }

    /// The PostgresNIO client configuration.
    var clientConfiguration: PostgresClient.Configuration {
        if let socketDirectory {
            return .init(unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                         database: database)
        }
        let tlsConfiguration: PostgresClient.Configuration.TLS = switch tls {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
        return .init(host: host, port: port, username: user, password: password, database: database, tls: tlsConfiguration)
    }
}
