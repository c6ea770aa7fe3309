import Logging

extension CloudSettings {
    /// The cloud client's logger for a front-end: with `verbose`, debug lines written to
    /// `stream` (swift-log's stream handler; the process's standard error when nil);
    /// otherwise `silentLogger`. A front-end that captures a command's output (the CLI run
    /// in process by a test) passes a stream of its own, so no line goes to the process's stderr.
    public static func logger(verbose: Bool, to stream: (any TextOutputStream & Sendable)? = nil) -> Logger {
        guard verbose else { return silentLogger }
        var logger = Logger(label: "stroke-triage.cloud") { label in
            stream.map { StreamLogHandler(label: label, stream: $0) } ?? StreamLogHandler.standardError(label: label)
        }
        logger.logLevel = .debug
        return logger
    }
}
