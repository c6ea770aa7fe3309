import ArgumentParser
import TriageEngine

/// Where predictions come from: flags shared by the module commands, the walkthrough and batch.
struct PredictionOptions: ParsableArguments {
    /// How the cloud is used: the engine's `PredictionMode` (auto, cloud, offline).
    typealias Mode = PredictionMode

    @Option(name: .long, help: "auto (cloud, local fallback), cloud (no fallback) or offline.")
    var mode: Mode = .auto

    @Option(name: .customLong("api-base"), help: "Cloud Functions base URL (else config apiBase, else STROKE_TRIAGE_API_BASE, else production).")
    var apiBase: String?

    @Option(name: .long, help: "Overall deadline per assessment in seconds (default 10).", transform: DecimalFlag.double)
    var deadline: Double?

    @Option(name: .customLong("ca-file"), help: ArgumentHelp(
        "PEM file of a private CA to trust besides the system's, for an https --api-base and the relay (else config caFile, else STROKE_TRIAGE_CA_FILE).",
        valueName: "file"))
    var caFile: String?
}
