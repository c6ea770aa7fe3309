import ArgumentParser
import StrokeModels
import TriageLocalization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TriageEngine

/// `stroke-triage batch`: re-scores a CSV or JSON Lines file row by row, in
/// constant memory, for research. Exit 0 when every row passed, 65 when any
/// row was rejected (each one reported on stderr and in the output's error column).
struct BatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Re-score a CSV or JSON Lines file row by row (research use).",
        discussion: """
            CSV needs a header row naming the inputs (one-shot flag names with underscores: \
            age,sbp,dbp,gfap,fast_ed,…); JSON Lines uses the JSON input keys (age, sbp, dbp, gfap, fastEd, …). \
            Output: the input columns plus the results and an error column. See the README for every column.
            """)

    @Option(name: .long, help: "What to score: coma, limited, full, lvo, volume or scales.")
    var module: BatchModule

    @Option(name: .customLong("in"), help: "Input file, or - for stdin (default).")
    var input: String = "-"

    @Option(name: .customLong("out"), help: "Output file (mode 0600, moved into place when complete), or - for stdout (default).")
    var output: String = "-"

    @Flag(name: .long, help: "Write the output through a symbolic link.")
    var force = false

    @Option(name: .long, help: "csv or jsonl (default: from the input file's extension, else csv). The output uses the same format.")
    var format: BatchFormat?

    @Option(name: .long, help: "Rows in flight at once in auto mode (default 4).")
    var concurrency: Int = 4

    @Flag(name: .customLong("per-row-requests"), help: .hidden)
    var perRowRequests = false  // tests: send every module row through the service even when it is the offline one

    @OptionGroup var prediction: PredictionOptions

    @OptionGroup var outputOptions: OutputOptions

    mutating func validate() throws {
        guard prediction.mode != .cloud else {
            throw ValidationError("--mode cloud is not available for batch; use offline or auto.")
        }
        guard (1...256).contains(concurrency) else {
            throw ValidationError("--concurrency must be a whole number from 1 to 256.")
        }
        if let deadline = prediction.deadline, !(deadline.isFinite && deadline > 0) {
            throw ValidationError("--deadline must be a number of seconds > 0.")
        }
    }

    func run() async throws {
        let localizer = outputOptions.localizer
        let format = self.format ?? BatchFormat.inferred(from: input) ?? .csv
        let clock = ContinuousClock()
        let started = clock.now
        let summary = try await Failure.report(outputOptions) { () async throws -> BatchRunner.Summary in
            try await BatchFiles.withInput(input) { inputFD, size in
                var runner = BatchRunner(module: module, format: format, localizer: localizer,
                                         input: inputFD, totalBytes: size)
                // The header is checked before the output file is created.
                try runner.readHeader()
                return try await BatchFiles.withOutput(output, force: force, input: inputFD) { outputFD in
                    runner.begin(output: outputFD)
                    if let service = try concurrentService() {
                        try await runner.runConcurrently(service: service, concurrency: concurrency)
                    } else {
                        try runner.runOffline()
                    }
                    return runner.summary
                }
            }
        }
        let seconds = (clock.now - started) / .seconds(1)
        Console.err(localizer.text("batch.summary", [
            .text(String(summary.passed)), .text(String(summary.rejected)), .number(seconds, maxFractionDigits: 3),
        ]))
        Console.err(localizer.text("disclaimer.short"))
        if summary.rejected > 0 { throw ExitStatus.invalidData }
    }

    /// The service for one request per row, or `nil` when rows are scored
    /// locally in-line (offline mode, the calculators, or an offline factory answer).
    private func concurrentService() throws -> (any PredictionService)? {
        guard prediction.mode == .auto, module.triageModule != nil else { return nil }
        let service = try PredictionServiceFactory.make(prediction, output: outputOptions)
        return service is OfflinePredictionService && !perRowRequests ? nil : service
    }
}
