import Logging

extension CloudSettings {
    /// The cloud client's logger for a front-end: with `verbose`, debug lines on the
    /// process's standard error (swift-log's stream handler); otherwise `silentLogger`.
    public static func logger(verbose: Bool) -> Logger {
        guard verbose else { return silentLogger }
        var logger = Logger(label: "stroke-triage.cloud") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .debug
        return logger
    }
}
