import StrokeCloud

/// Background warm-up of the prediction Cloud Functions.
///
/// Posts `{}` to every function in a detached task and returns at once; the
/// answers are ignored, nothing is printed, and nobody waits for it (the
/// process may exit while it runs). Offline mode and unusable settings do nothing.
public enum CloudWarmUp {
    /// Starts the warm-up and returns at once.
    public static func startInBackground(_ options: PredictionSettings, config: AppConfig) {
        guard options.mode != .offline, let settings = try? CloudSettings(options, config: config) else { return }
        let client = CloudClient(configuration: settings.configuration, logger: CloudSettings.logger(verbose: false))
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
}
