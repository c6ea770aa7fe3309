import TriageLocalization

/// How a front-end wants results: machine-readable or not, the language of
/// human text, whether underlying causes are shown. The CLI's `OutputOptions`
/// convert into it; nothing here parses arguments.
public struct OutputSettings: Sendable, Hashable {
    /// One JSON object instead of human text.
    public var json: Bool
    /// The language tag asked for (`en`, `de`), else the environment decides.
    public var language: String?
    /// Never use ANSI colour.
    public var noColor: Bool
    /// Show the underlying causes of errors (the CLI also sends the cloud client's debug log to stderr).
    public var verbose: Bool

    /// Settings with the CLI's defaults (human text, language from the environment, no causes).
    public init(json: Bool = false, language: String? = nil, noColor: Bool = false, verbose: Bool = false) {
        self.json = json
        self.language = language
        self.noColor = noColor
        self.verbose = verbose
    }

    /// The localizer for these settings and the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, else English).
    public var localizer: Localizer { Localizer.forUser(flag: language) }
}

/// Where predictions come from.
public enum PredictionMode: String, CaseIterable, Sendable {
    /// Ask the cloud; fall back to the local models when it fails.
    case auto
    /// Cloud only; a failure is "service unavailable" (the CLI's exit 69).
    case cloud
    /// Never touch the network.
    case offline
}

/// The prediction service's settings: mode, endpoint and deadline. The CLI's
/// `PredictionOptions` convert into it.
public struct PredictionSettings: Sendable, Hashable {
    /// How the cloud is used.
    public var mode: PredictionMode
    /// The Cloud Functions base URL (else config `apiBase`, else `STROKE_TRIAGE_API_BASE`, else production).
    public var apiBase: String?
    /// The overall deadline per assessment in seconds (default 10).
    public var deadline: Double?
    /// `--ca-file`: a private CA to trust besides the system's (else config `caFile`, else `STROKE_TRIAGE_CA_FILE`).
    public var caFile: String?

    /// Settings with the CLI's defaults: `auto`, endpoint and deadline from config or defaults.
    public init(mode: PredictionMode = .auto, apiBase: String? = nil, deadline: Double? = nil, caFile: String? = nil) {
        self.mode = mode
        self.apiBase = apiBase
        self.deadline = deadline
        self.caFile = caFile
    }

    /// The local models only: no network (the station server, tests).
    public static let offline = PredictionSettings(mode: .offline)
}

/// Where the audit log and its key file live (`nil` = the default locations, `AuditSetup`).
/// The CLI's `AuditOptions` convert into it.
public struct AuditSettings: Sendable, Hashable {
    /// The audit database path.
    public var database: String?
    /// The audit key file path.
    public var keyFile: String?

    /// Settings naming these paths (both default to the state directories).
    public init(database: String? = nil, keyFile: String? = nil) {
        self.database = database
        self.keyFile = keyFile
    }
}
