import ArgumentParser
import StrokeAudit
import StrokeCloud
import StrokeModels
import TriageEngine
import TriageLocalization
import TriageRendering

// The option groups and flag spellings the commands share: output, prediction and cloud
// access, audit, vital signs, and how engine settings and input keys become flags.

/// Flags shared by every command that prints a result.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print exactly one JSON object on stdout.")
    var json = false

    @Option(name: .long, help: "Language of human output: en or de (default: LC_ALL, LC_MESSAGES, LANG, else en).")
    var lang: String?

    @Flag(name: .customLong("no-color"), help: "Never use colour.")
    var noColor = false

    @Flag(name: .long, help: "Show underlying causes of errors.")
    var verbose = false

    /// The localizer for these options and the environment.
    var localizer: Localizer { Localizer.forUser(flag: lang) }

    mutating func validate() throws {
        if let lang, Language(tag: lang) == nil {
            throw ValidationError("--lang: '\(lang.escapingControlCharacters)' is not supported; allowed: en, de.")
        }
    }
}

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

    @Option(name: .customLong("protocol"), help: ArgumentHelp(
        "Local protocol file the decision applies (else config protocol.file, else the default; see `stroke-triage protocol`).",
        valueName: "file"))
    var protocolFile: String?
}

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

/// Where the audit log and its keys live: flags of every command that records events.
struct AuditOptions: ParsableArguments {
    @Option(name: .customLong("audit-db"), help: "Audit database path (default: the data directory, see README).")
    var auditDb: String?

    @Option(name: .customLong("key-file"), help: "Audit key file (else STROKE_TRIAGE_KEY_FILE, else the state directory).")
    var keyFile: String?
}

/// The audit flag of the calculator commands (`volume`, `lvo`, `fast-ed`, `ich-baseline`, `outcomes`).
///
/// Calculators are not assessments: they record nothing in the audit log, so
/// `--no-audit` only states that explicitly. It exists for them alone; the
/// walkthrough and the module commands always record their events.
struct CalculatorAuditOptions: ParsableArguments {
    @Flag(name: .customLong("no-audit"), help: "Record nothing in the audit log (calculators never do; accepted for scripts).")
    var noAudit = false
}

// The command line's option types converted to the engine's plain settings.

extension OutputOptions {
    /// The engine's output settings of these flags.
    var settings: OutputSettings { OutputSettings(json: json, language: lang, noColor: noColor, verbose: verbose) }
}

extension PredictionOptions {
    /// The engine's prediction settings of these flags.
    var settings: PredictionSettings {
        PredictionSettings(mode: mode, apiBase: apiBase, deadline: deadline, caFile: caFile, protocolFile: protocolFile)
    }
}

extension PredictionMode: ExpressibleByArgument {}

extension AuditOptions {
    /// The engine's audit settings of these flags.
    var settings: AuditSettings { AuditSettings(database: auditDb, keyFile: keyFile) }
}

extension GfapAssaySetting {
    /// The usage error of an unknown `--gfap-assay` name.
    static func check(_ flag: String?) throws {
        if let problem = usageProblem(flag) { throw ValidationError(problem) }
    }
}

