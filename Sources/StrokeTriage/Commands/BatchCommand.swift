import ArgumentParser
import StrokeModels
import TriageBatch
import TriageEngine
import TriageLocalization

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

    @Option(name: .long, help: "Rows in flight at once in auto mode (default 4).", transform: DecimalFlag.integer)
    var concurrency: Int = 4

    @Flag(name: .customLong("per-row-requests"), help: .hidden)
    var perRowRequests = false  // tests: send every module row through the service even when it is the offline one

    @OptionGroup var prediction: PredictionOptions

    @OptionGroup var outputOptions: OutputOptions

    mutating func validate() throws {
        if let problem = BatchJob.usageProblem(mode: prediction.mode, concurrency: concurrency, deadline: prediction.deadline) {
            throw ValidationError(problem)
        }
    }

    func run() async throws {
        let localizer = outputOptions.localizer
        var configured = BatchJob(module: module, format: format ?? BatchFormat.inferred(from: input) ?? .csv,
                           input: input, output: output, force: force, concurrency: concurrency)
        configured.rules = try Failure.report(outputOptions) { () throws(EngineError) in
            try ProtocolFile.resolve(prediction.protocolFile, config: AppConfig.current)
        }
        let (summary, seconds) = try await Failure.report(outputOptions) {
            try await Console.withStandardDescriptors { standardInput, standardOutput in
                var job = configured
                job.standardInput = standardInput
                job.standardOutput = standardOutput
                return try await job.timedRun(events: BatchConsole(localizer: localizer)) {
                    try BatchJob.rowService(prediction.settings, module: module, config: AppConfig.current,
                                            logger: CloudSettings.logger(verbose: outputOptions.verbose, to: ConsoleErrorStream()), perRowRequests: perRowRequests)
                }
            }
        }
        for line in BatchText.summary(summary, seconds: seconds, localizer) { Console.err(line) }
        if summary.rejected > 0 { throw ErrorCategory.invalidData.exitCode }
    }
}

extension BatchModule: ExpressibleByArgument {}
extension BatchFormat: ExpressibleByArgument {}
