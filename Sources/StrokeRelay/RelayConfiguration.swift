import HTTPServerKit
import PostgresServerKit
import StrokeModels

/// The relay's resolved configuration. Every limit is explicit.
public struct RelayConfiguration: Sendable {
    /// The PostgreSQL database (the collector's).
    public var database: DatabaseURL
    /// The host to listen on.
    public var listenHost: String = "127.0.0.1"
    /// The port to listen on.
    public var listenPort: Int = 8444
    /// The largest request body in bytes (default 256 KiB; a sealed case is a few KiB).
    public var maxBodyBytes: Int = 256 << 10
    /// How far a request's timestamp may lie from the relay's clock (default 300 s either way).
    public var requestWindowSeconds: Int = 300
    /// The wall clock of signed requests' windows and of the cases' expiry (the system's; tests inject one).
    public var clock: WallClock = .system
    /// How long a request's head and body may take to arrive (`HTTPReadLimits`: 10 s and 60 s).
    public var readLimits = HTTPReadLimits()
    /// How long `relay serve` waits for PostgreSQL in one request or health check (`DatabasePool`: 5 s).
    public var databaseDeadline: Duration = DatabasePool.defaultDeadline
    /// How long a case is kept after it was received, in ms (default 24 h).
    public var caseTTLMs: Int64 = 24 * 3_600_000
    /// How often the expiry task deletes expired cases, in ms (default: a minute, or a quarter of the TTL if shorter).
    public var sweepIntervalMs: Int64?

    /// A configuration with defaults for everything but the database.
    public init(database: DatabaseURL) {
        self.database = database
    }

    /// The expiry task's interval: `sweepIntervalMs`, else min(60 s, TTL / 4), at least 100 ms.
    public var effectiveSweepIntervalMs: Int64 {
        max(100, sweepIntervalMs ?? min(60_000, caseTTLMs / 4))
    }

    /// Parses `HOST:PORT` (IPv6 hosts in brackets).
    /// - Throws: `RelayError.configurationInvalid` naming `listen`.
    public static func listenAddress(_ text: String) throws(RelayError) -> (host: String, port: Int) {
        guard let address = ListenAddress(text) else { throw .configurationInvalid(ListenAddress.problem(text)) }
        return (address.host, address.port)
    }

    /// The shortest time to live a case may have: one minute.
    public static let minimumTTLHours = 1.0 / 60

    /// Converts `--case-ttl-hours` (a decimal number of hours, one minute up to 720 h) to ms.
    /// - Throws: `RelayError.configurationInvalid` naming `case-ttl-hours`.
    public static func ttlMs(hours text: String) throws(RelayError) -> Int64 {
        // The one number grammar (`DecimalNumber`: no hexadecimal), and at least one minute: a
        // denormal such as 1e-300 is no time to live (issue 34).
        guard let hours = DecimalNumber.parse(text), hours.isFinite, hours >= minimumTTLHours, hours <= 720 else {
            throw .configurationInvalid("case-ttl-hours: allowed 1 minute (0.0167) up to 720 (a decimal number), got \(text)")
        }
        return max(1, Int64((hours * 3_600_000).rounded()))
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop(while: set.contains).reversed().drop(while: set.contains).reversed())
    }
}
