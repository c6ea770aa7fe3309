import Foundation
import HTTPTransfer
import Logging
import StrokeCloud
import TriageLocalization

/// The cloud client's configuration for one run, resolved from flags, the
/// configuration file and the environment (in that order of precedence).
///
/// Config keys (README, Configuration): `apiBase`, `deadlineSeconds`,
/// `connectTimeoutSeconds`, `attemptTimeoutSeconds`, `maxResponseBytes`,
/// `maxAttempts`, `retryBaseSeconds`, `retryCapSeconds`, `pinnedPublicKey`, `caFile`.
/// Environment: `STROKE_TRIAGE_API_BASE`, `STROKE_TRIAGE_PIN`, `STROKE_TRIAGE_CA_FILE`.
public struct CloudSettings: Sendable {
    /// The resolved configuration.
    public let configuration: CloudConfiguration

    /// Resolves the settings.
    /// - Parameters:
    ///   - apiBase: `--api-base`, if given.
    ///   - deadline: `--deadline`, if given (seconds, > 0 and ≤ 600).
    ///   - pin: `--pin`, if given.
    ///   - caFile: `--ca-file`, if given (see `caFile(flag:config:environment:)`).
    ///   - config: the configuration file.
    ///   - environment: the process environment.
    /// - Throws: `CloudSettingsError` for an unusable value.
    public init(apiBase: String?, deadline: Double?, pin: String?, caFile: String? = nil, config: AppConfig,
         environment: [String: String] = ProcessEnvironment.values) throws {
        var c = CloudConfiguration()
        let env = { (key: String) in environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        c.baseURL = apiBase ?? config.string("apiBase") ?? env("STROKE_TRIAGE_API_BASE") ?? CloudConfiguration.productionBase
        guard c.baseURL.hasPrefix("https://") || c.baseURL.hasPrefix("http://") else {
            throw CloudSettingsError(setting: "api-base", problem: .notHTTP)
        }
        c.deadline = try Self.seconds("deadline", deadline ?? config.number("deadlineSeconds") ?? c.deadline)
        c.connectTimeout = try Self.seconds("connectTimeoutSeconds", config.number("connectTimeoutSeconds") ?? c.connectTimeout)
        c.attemptTimeout = try Self.seconds("attemptTimeoutSeconds", config.number("attemptTimeoutSeconds") ?? c.attemptTimeout)
        if let bytes = config.number("maxResponseBytes") {
            guard bytes >= 1024, bytes <= 64 * 1_048_576, bytes == bytes.rounded() else {
                throw CloudSettingsError(setting: "maxResponseBytes", problem: .outOfRange)
            }
            c.maxResponseBytes = Int(bytes)
        }
        if let attempts = config.number("maxAttempts") {
            guard attempts >= 1, attempts <= 10, attempts == attempts.rounded() else {
                throw CloudSettingsError(setting: "maxAttempts", problem: .outOfRange)
            }
            c.retry.maxAttempts = Int(attempts)
        }
        c.retry.baseDelay = try Self.seconds("retryBaseSeconds", config.number("retryBaseSeconds") ?? c.retry.baseDelay)
        c.retry.maxDelay = try Self.seconds("retryCapSeconds", config.number("retryCapSeconds") ?? c.retry.maxDelay)
        c.pinnedPublicKey = pin ?? config.string("pinnedPublicKey") ?? env("STROKE_TRIAGE_PIN")
        c.caFile = Self.caFile(flag: caFile, config: config, environment: environment)
        configuration = c
    }

    /// The one rule for the private CA every HTTP client of the CLI trusts besides the system's
    /// (the API base, the fleet collector, the relay): `--ca-file` > config `caFile` >
    /// `STROKE_TRIAGE_CA_FILE`; nil for none. A certificate that chains to neither is refused.
    public static func caFile(flag: String?, config: AppConfig,
                              environment: [String: String] = ProcessEnvironment.values) -> String? {
        let nonEmpty = { (text: String?) in text.flatMap { $0.isEmpty ? nil : $0 } }
        return nonEmpty(flag) ?? nonEmpty(config.string("caFile")) ?? nonEmpty(environment["STROKE_TRIAGE_CA_FILE"])
    }

    /// Resolves the settings of an assessment (its `PredictionSettings`) against the configuration.
    /// - Throws: `CloudSettingsError` for an unusable value.
    public init(_ settings: PredictionSettings, config: AppConfig,
                environment: [String: String] = ProcessEnvironment.values) throws {
        try self.init(apiBase: settings.apiBase, deadline: settings.deadline, pin: nil, caFile: settings.caFile, config: config,
                      environment: environment)
    }

    /// A client with these settings, logging to `logger` (the front-end decides where; default: nowhere),
    /// on `CloudSettings.clock`.
    public func client(logger: Logger = CloudSettings.silentLogger) -> CloudClient {
        CloudClient(configuration: configuration, logger: logger, clock: Self.clock)
    }

    /// The clock of the clients `client(logger:)` makes: the real one, unless a test runs a command
    /// in its own process with a clock of its own for that command (a task-local value, never
    /// process-wide), so a deadline comes when the test says, not when a busy machine lets it.
    @TaskLocal public static var clock: any TransferClock = SystemTransferClock()

    /// A logger that writes nothing (the engine never prints by itself).
    public static var silentLogger: Logger {
        var logger = Logger(label: "stroke-triage.cloud") { _ in SwiftLogNoOpLogHandler() }
        logger.logLevel = .critical
        return logger
    }

    private static func seconds(_ name: String, _ value: Double) throws -> Double {
        guard value.isFinite, value > 0, value <= 600 else { throw CloudSettingsError(setting: name, problem: .outOfRange) }
        return value
    }
}
