import ArgumentParser

/// Where predictions come from: flags shared by the module commands, the walkthrough and batch.
struct PredictionOptions: ParsableArguments {
    /// How the cloud is used.
    enum Mode: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// Ask the cloud; fall back to the local models when it fails.
        case auto
        /// Cloud only; exit 69 when it is unavailable.
        case cloud
        /// Never touch the network.
        case offline
    }

    @Option(name: .long, help: "auto (cloud, local fallback), cloud (no fallback) or offline.")
    var mode: Mode = .auto

    @Option(name: .customLong("api-base"), help: "Cloud Functions base URL (else config apiBase, else STROKE_TRIAGE_API_BASE, else production).")
    var apiBase: String?

    @Option(name: .long, help: "Overall deadline per assessment in seconds (default 10).")
    var deadline: Double?
}
