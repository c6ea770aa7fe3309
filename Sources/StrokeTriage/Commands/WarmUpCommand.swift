import StrokeJSON
import ArgumentParser
import StrokeModels
import StrokeCloud
import TriageRendering
import TriageEngine

/// `stroke-triage warm-up`: wake the prediction Cloud Functions and report each one's latency.
struct WarmUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warm-up",
        abstract: "Wake the prediction Cloud Functions and report their latency.",
        discussion: "Posts {} to every function at once (as the web app does on start) and shows each one's HTTP status and latency. Any HTTP answer means the function is awake. Exits 69 when none answered.")

    @OptionGroup var cloud: CloudAccessOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let client = try Failure.report(output) { try cloud.settings().client(logger: CloudSettings.logger(verbose: output.verbose, to: ConsoleErrorStream())) }
        let results = await CloudWarmUp.run(client)
        if output.json {
            Console.out(CloudWarmUp.json(apiBase: client.configuration.baseURL, results).serialized())
        } else {
            for line in CloudWarmUp.lines(results, output.localizer) { Console.out(line) }
        }
        if results.allSatisfy({ $0.status == nil }) { throw ErrorCategory.unavailable.exitCode }
    }
}
