import StrokeCloud
import StrokeJSON
import TriageLocalization
import TriageRendering

/// Background warm-up of the prediction Cloud Functions.
///
/// Posts `{}` to every function in a detached task and returns at once; the
/// answers are ignored, nothing is printed, and nobody waits for it (the
/// process may exit while it runs). Offline mode and unusable settings do nothing.
public enum CloudWarmUp {
    /// Starts the warm-up and returns at once.
    public static func startInBackground(_ options: PredictionSettings, config: AppConfig) {
        guard options.mode != .offline, let settings = try? CloudSettings(options, config: config) else { return }
        let client = settings.client()
        Task.detached(priority: .background) {
            await withTaskGroup(of: Void.self) { group in
                for function in CloudFunction.allCases {
                    group.addTask { _ = await client.warmUp(function) }
                }
            }
        }
    }

    /// Warms every function concurrently and returns each one's status and latency (`warm-up` command).
    public static func run(_ client: CloudClient) async -> [WarmUpResult] {
        await withTaskGroup(of: WarmUpResult.self) { group in
            for function in CloudFunction.allCases {
                group.addTask { await client.warmUp(function) }
            }
            var results: [WarmUpResult] = []
            for await result in group { results.append(result) }
            return CloudFunction.allCases.compactMap { f in results.first { $0.function == f } }
        }
    }

    /// The `warm-up --json` object: `{"apiBase", "functions": [{"function", "status", "latencyMs", "error"?, "reason"?}]}`.
    public static func json(apiBase: String, _ results: [WarmUpResult]) -> JSONValue {
        .object([("apiBase", .string(apiBase)), ("functions", .array(results.map(json)))])
    }

    /// One function's answer: HTTP status (or null), latency in ms to 0.1, and the error's code and reason.
    public static func json(_ r: WarmUpResult) -> JSONValue {
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

    /// One human line per function: answered with its status, or failed with the reason; with the latency.
    public static func lines(_ results: [WarmUpResult], _ l: Localizer) -> [String] {
        results.compactMap { r in
            let latency = l.number(r.seconds * 1000, maxFractionDigits: 0)
            if let status = r.status {
                return l.text("cloud.warmUp.answered", [.text(r.function.rawValue), .number(Double(status), maxFractionDigits: 0), .text(latency)])
            }
            return r.error.map { l.text("cloud.warmUp.failed", [.text(r.function.rawValue), .message($0.message), .text(latency)]) }
        }
    }
}
