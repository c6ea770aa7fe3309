import StrokeJSON
import ArgumentParser
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
        let client = try Failure.report(output) { try cloud.settings().client(verbose: output.verbose) }
        let results = await CloudWarmUp.run(client)
        if output.json {
            Console.out(JSONValue.object([
                ("apiBase", .string(client.configuration.baseURL)),
                ("functions", .array(results.map(Self.json))),
            ]).serialized())
        } else {
            let l = output.localizer
            for r in results {
                let latency = l.number(r.seconds * 1000, maxFractionDigits: 0)
                if let status = r.status {
                    Console.out(l.text("cloud.warmUp.answered", [.text(r.function.rawValue), .number(Double(status), maxFractionDigits: 0), .text(latency)]))
                } else if let error = r.error {
                    Console.out(l.text("cloud.warmUp.failed", [.text(r.function.rawValue), .message(error.message), .text(latency)]))
                }
            }
        }
        if results.allSatisfy({ $0.status == nil }) { throw ExitStatus.unavailable }
    }

    private static func json(_ r: WarmUpResult) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("function", .string(r.function.rawValue)),
            ("status", r.status.map { .integer($0) } ?? .null),
            ("latencyMs", .number((r.seconds * 1000 * 10).rounded() / 10)),
        ]
        if let error = r.error {
            members.append(("error", .string(error.code)))
            members.append(("reason", .string(ModelJSON.english.render(error.message))))
        }
        return .object(members)
    }
}
