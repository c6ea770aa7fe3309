import StrokeModels
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
    /// `--protocol`: the local protocol file the decision applies (else config `protocol.file`, else the default).
    public var protocolFile: String?

    /// Settings with the CLI's defaults: `auto`, endpoint and deadline from config or defaults.
    public init(mode: PredictionMode = .auto, apiBase: String? = nil, deadline: Double? = nil, caFile: String? = nil,
                protocolFile: String? = nil) {
        self.protocolFile = protocolFile
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

/// Which GFAP assay an assessment records: the flag's name, else the
/// configuration's `gfapAssay`, else none stated. The value itself is never converted.
public enum GfapAssaySetting {
    /// The configuration key of the default assay.
    public static let configKey = "gfapAssay"

    /// The assay of a flag value (already checked by the front-end) or the configured default.
    /// - Throws: `EngineError.unknownGfapAssay` when the configured name is not a known assay (the CLI's exit 64).
    public static func resolve(flag: String?, config: AppConfig) throws(EngineError) -> GfapAssay? {
        if let flag { return GfapAssay(rawValue: flag) }
        guard let name = config.string(configKey) else { return nil }
        guard let assay = GfapAssay(rawValue: name) else { throw EngineError(.unknownGfapAssay(key: configKey, name: name)) }
        return assay
    }
}

/// The prehospital LVO scales a region's protocol uses: the configuration's
/// `scales` list (e.g. `"scales": ["race", "lams"]`). The walkthrough's full
/// module asks their items, each shared item once. None configured: unchanged.
public enum ScalesSetting {
    /// The configuration key.
    public static let configKey = "scales"

    /// The known scale names, comma-separated (for messages).
    public static var allowed: String { LVOScale.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The configured scales, in `LVOScale` order.
    /// - Throws: `EngineError.unknownScale` naming the first unknown name (the CLI's exit 64).
    public static func load(config: AppConfig) throws(EngineError) -> [LVOScale] {
        var scales: [LVOScale] = []
        for name in config.strings(configKey) ?? [] {
            guard let scale = LVOScale(rawValue: name.lowercased()) else { throw EngineError(.unknownScale(key: configKey, name: name)) }
            scales.append(scale)
        }
        return LVOScale.allCases.filter(scales.contains)
    }
}

/// Exam findings of the prehospital LVO scales as entered (any number), checked
/// into whole points: the `race`/`lams`/`cpsss`/`pass`/`van`/`scales` commands and batch.
public enum ScaleFindings {
    /// The given items as whole points, checked against each item's range
    /// (0…max, whole numbers), in catalogue order.
    /// - Throws: `ModelsError` naming every item outside its points.
    public static func points(_ values: [ScaleItem: Double]) throws(ModelsError) -> [ScaleItem: Int] {
        var issues: [ValidationIssue] = []
        var points: [ScaleItem: Int] = [:]
        for item in ScaleItem.allCases {
            guard let value = values[item] else { continue }
            if item.allowed.contains(value) {
                points[item] = Int(value)
            } else {
                issues.append(ValidationIssue(field: item.field, allowed: item.allowed, given: value))
            }
        }
        guard issues.isEmpty else { throw ModelsError(issues: issues) }
        return points
    }

    /// Values by catalogue key as values by scale item (keys of no scale item are left out).
    public static func byItem(_ values: [InputKey: Double]) -> [ScaleItem: Double] {
        Dictionary(uniqueKeysWithValues: values.compactMap { key, value in key.scaleItem.map { ($0, value) } })
    }
}
