import ArgumentParser
import TriageEngine

/// Flags of the commands that talk to the Cloud Functions directly
/// (`warm-up`, `login`): endpoint, deadline and optional public-key pin.
struct CloudAccessOptions: ParsableArguments {
    @Option(name: .customLong("api-base"), help: "Cloud Functions base URL (else config apiBase, else STROKE_TRIAGE_API_BASE, else production).")
    var apiBase: String?

    @Option(name: .long, help: "Deadline in seconds (default 10).", transform: DecimalFlag.double)
    var deadline: Double?

    @Option(name: .long, help: "Pin the server's public key (libcurl CURLOPT_PINNEDPUBLICKEY form, e.g. sha256//BASE64; else config pinnedPublicKey, else STROKE_TRIAGE_PIN).")
    var pin: String?

    @Option(name: .customLong("ca-file"), help: ArgumentHelp(
        "PEM file of a private CA to trust besides the system's (else config caFile, else STROKE_TRIAGE_CA_FILE).", valueName: "file"))
    var caFile: String?

    /// The resolved settings.
    func settings() throws -> CloudSettings {
        try CloudSettings(apiBase: apiBase, deadline: deadline, pin: pin, caFile: caFile, config: AppConfig.current)
    }
}
