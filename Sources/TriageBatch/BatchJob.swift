#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import StrokeModels
import TriageEngine

/// One batch run from a file (or stdin) to a file (or stdout): the batch
/// engine's main entry. Rows are re-scored in constant memory, in input order;
/// a bad row is rejected (reported to the event sink and in the output's error
/// column) and the run goes on. The library prints nothing.
///
/// The output is written as an `OutputFile` (mode 0600, moved into place only
/// when the run completes; nothing is left behind on failure). CSV input needs
/// a header row with the inputs' CSV names (`fast_ed`); JSON Lines uses their
/// JSON keys (`fastEd`).
///
/// ```swift
/// import TriageBatch
///
/// struct Rejections: BatchEventSink {
///     func rowRejected(line: Int, reason: RowRejection) { print("line \(line): \(reason.code)") }
/// }
/// let job = BatchJob(module: .lvo, format: .csv, input: "rows.csv", output: "scored.csv")
/// let summary = try await job.run(events: Rejections())   // offline: the local models
/// print(summary.passed, summary.rejected)
/// ```
public struct BatchJob: Sendable {
    /// What the rows are scored with.
    public var module: BatchModule
    /// The input's format; the output uses the same one.
    public var format: BatchFormat
    /// The input file, or `-` for stdin.
    public var input: String
    /// The output file, or `-` for stdout.
    public var output: String
    /// Write the output through a symbolic link.
    public var force: Bool
    /// Rows in flight at once when rows go to a prediction service one by one.
    public var concurrency: Int
    /// The descriptor an input of `-` reads: stdin unless the caller streams from another
    /// (the CLI run in process by a test). The job never closes it.
    public var standardInput: Int32 = STDIN_FILENO
    /// The descriptor an output of `-` writes: stdout unless the caller gives another. The job never closes it.
    public var standardOutput: Int32 = STDOUT_FILENO

    /// The local protocol each row's decision applies (`--protocol`, config `protocol.file`).
    public var rules: TriageProtocol = .standard

    /// A job with the CLI's defaults: stdin to stdout, 4 rows in flight, no links followed.
    public init(module: BatchModule, format: BatchFormat, input: String = "-", output: String = "-", force: Bool = false,
                concurrency: Int = 4) {
        self.module = module
        self.format = format
        self.input = input
        self.output = output
        self.force = force
        self.concurrency = concurrency
    }

    /// Runs the job: opens the input, checks the CSV header (before the output
    /// file is created), then scores every row and commits the output.
    /// - Parameters:
    ///   - events: receives each rejected row and, if it wants it, progress.
    ///   - service: asked once the output is open; a service there sends each module
    ///     row as its own request (at most `concurrency` in flight), `nil` scores rows
    ///     locally in-line (offline mode, the calculators).
    /// - Returns: how many rows passed and how many were rejected.
    /// - Throws: `BatchError` (input, header, stream), `OutputFileError` (output), or what `service` throws.
    public func run(events: any BatchEventSink,
                    service: () throws -> (any PredictionService)? = { nil }) async throws -> BatchRunner.Summary {
        try await BatchFiles.withInput(input, standardInput: standardInput) { inputFD, size in
            var runner = BatchRunner(module: module, format: format, input: inputFD, totalBytes: size, events: events, rules: rules)
            try runner.readHeader()
            return try await BatchFiles.withOutput(output, force: force, input: inputFD, standardOutput: standardOutput) { outputFD in
                runner.begin(output: outputFD)
                if let service = try service() {
                    try await runner.runConcurrently(service: service, concurrency: concurrency)
                } else {
                    try runner.runOffline()
                }
                return runner.summary
            }
        }
    }

    /// `run`, timed: the summary and the seconds the whole run took (opening the
    /// files, the service and every row), for `BatchText.summary`.
    public func timedRun(events: any BatchEventSink, service: () throws -> (any PredictionService)? = { nil })
        async throws -> (summary: BatchRunner.Summary, seconds: Double) {
        let clock = ContinuousClock()
        let started = clock.now
        let summary = try await run(events: events, service: service)
        return (summary, (clock.now - started) / .seconds(1))
    }

    /// The service that module rows go to one request each, or `nil` when rows are
    /// scored locally in-line: offline mode, the calculators, or an auto mode that
    /// resolves to the local models (unless `perRowRequests`, a test hook, asks for
    /// one request per row anyway). Cloud-only mode is not offered for batch.
    /// The cloud client logs to `logger` (default: nowhere).
    /// - Throws: `CloudSettingsError` for an unusable cloud setting.
    public static func rowService(_ settings: PredictionSettings, module: BatchModule, config: AppConfig,
                                  logger: Logger = CloudSettings.silentLogger, perRowRequests: Bool = false) throws -> (any PredictionService)? {
        guard settings.mode == .auto, module.triageModule != nil else { return nil }
        let service = try PredictionServiceFactory.make(settings, config: config, logger: logger)
        return service is OfflinePredictionService && !perRowRequests ? nil : service
    }
}
