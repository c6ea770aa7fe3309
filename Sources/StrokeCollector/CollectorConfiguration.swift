import HTTPServerKit
import PostgresServerKit
import StrokeModels

/// One collector setting: its flag, environment variable and config-file key.
public enum CollectorSetting: String, ServerSetting, CaseIterable {
    /// The PostgreSQL URL (`--database`, `STROKE_COLLECTOR_DATABASE`, `"database"`).
    case database
    /// The address to listen on, HOST:PORT (`--listen`, `STROKE_COLLECTOR_LISTEN`, `"listen"`).
    case listen
    /// The largest request body in bytes (`--max-body-bytes`, `STROKE_COLLECTOR_MAX_BODY_BYTES`, `"maxBodyBytes"`).
    case maxBodyBytes
    /// The most records in one push (`--max-batch-records`, `STROKE_COLLECTOR_MAX_BATCH_RECORDS`, `"maxBatchRecords"`).
    case maxBatchRecords
    /// How far a request's timestamp may lie from the collector's clock, in seconds
    /// (`--request-window-seconds`, `STROKE_COLLECTOR_REQUEST_WINDOW_SECONDS`, `"requestWindowSeconds"`).
    case requestWindowSeconds
    /// The collector's Ed25519 key file that signs exports (`--signing-key`, `STROKE_COLLECTOR_SIGNING_KEY`, `"signingKey"`).
    case signingKey

    /// The environment variables' prefix.
    public static let environmentPrefix = "STROKE_COLLECTOR_"
}

/// Where settings come from, in order of precedence: flags, then environment
/// variables, then a JSON config file (`--config`, else `STROKE_COLLECTOR_CONFIG`): the servers' one resolver.
public typealias CollectorSettingSources = ServerSettings<CollectorSetting>

extension ServerSettings where Setting == CollectorSetting {
    /// Collects the sources; reads the config file named by `configPath`, else by `STROKE_COLLECTOR_CONFIG`.
    /// - Throws: `CollectorError.configurationInvalid` when the file cannot be read or is not a JSON object.
    public init(flags: [CollectorSetting: String], environment: [String: String], configPath: String?) throws(CollectorError) {
        do {
            try self.init(flags: flags, environment: environment, configPath: configPath, configVariable: "STROKE_COLLECTOR_CONFIG")
        } catch {
            throw .configurationInvalid(error.detail)
        }
    }
}

/// The collector's resolved configuration. Every limit is explicit.
public struct CollectorConfiguration: Sendable {
    /// The PostgreSQL database.
    public var database: DatabaseURL
    /// The host to listen on.
    public var listenHost: String = "127.0.0.1"
    /// The port to listen on.
    public var listenPort: Int = 8443
    /// The largest request body in bytes (default 8 MiB).
    public var maxBodyBytes: Int = 8 << 20
    /// The most records in one push (default 1,000).
    public var maxBatchRecords: Int = 1_000
    /// How far a request's timestamp may lie from the collector's clock (default 300 s either way).
    public var requestWindowSeconds: Int = 300
    /// The wall clock signed requests' timestamps are checked against (the system's; tests inject one).
    public var clock: WallClock = .system
    /// How long a request's head and body may take to arrive (`HTTPReadLimits`: 10 s and 60 s).
    public var readLimits = HTTPReadLimits()
    /// How long `collector serve` waits for PostgreSQL in one request or health check (`DatabasePool`: 5 s).
    public var databaseDeadline: Duration = DatabasePool.defaultDeadline
    /// The collector's signing key file (`collector keygen`), needed by `export` and `public-keys`.
    public var signingKeyPath: String?

    /// A configuration with defaults for everything but the database.
    public init(database: DatabaseURL) {
        self.database = database
    }

    /// Resolves every setting from `sources`; `--database` is required unless `station` (the station's own
    /// database, `--data`) is given, the rest have defaults.
    /// - Throws: `CollectorError` naming the setting and where its bad value came from.
    public init(_ sources: CollectorSettingSources, station: DatabaseURL? = nil) throws(CollectorError) {
        if let station {
            self.init(database: station)
        } else {
            guard let url = sources.value(.database) else {
                throw .configurationInvalid("database: give --database URL, \(CollectorSetting.database.environmentName) or \"database\" in the config file, or --data DIR")
            }
            self.init(database: try DatabaseURL(url))
        }
        do throws(ServerSettingProblem) {
            if let address = try sources.listenAddress(.listen) { (listenHost, listenPort) = (address.host, address.port) }
            maxBodyBytes = try sources.integer(.maxBodyBytes, range: 1_024...(1 << 30)) ?? maxBodyBytes
            maxBatchRecords = try sources.integer(.maxBatchRecords, range: 1...100_000) ?? maxBatchRecords
            requestWindowSeconds = try sources.integer(.requestWindowSeconds, range: 1...86_400) ?? requestWindowSeconds
        } catch {
            throw .configurationInvalid(error.detail)
        }
        signingKeyPath = sources.value(.signingKey)
    }
}
