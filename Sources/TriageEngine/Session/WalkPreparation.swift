import StrokeModels

/// What the walkthrough is started with beyond its answers: the front-end's flags as plain values.
public struct WalkSettings: Sendable {
    /// `--gfap-assay` (already checked by the front-end); else the configured default.
    public var gfapAssay: String?
    /// Prediction mode, API base, deadline.
    public var prediction: PredictionSettings

    /// Settings of these parts (all optional).
    public init(gfapAssay: String? = nil, prediction: PredictionSettings = PredictionSettings()) {
        self.gfapAssay = gfapAssay
        self.prediction = prediction
    }
}

/// Everything the walkthrough checks before its first question, so that a broken
/// setting is an error at once and never after the paramedic has answered every
/// question: the GFAP assay and the LVO scales of the configuration and the cloud
/// settings (unless offline). It also wakes the Cloud Functions in the background.
/// (The `--notify` pre-notification is prepared after this, by TriageFleet.)
///
/// ```swift
/// let ready = try WalkPreparation.prepare(WalkSettings(), config: AppConfig.current)
/// guard var inputs = conversation.inputs(scales: ready.scales) else { return }
/// inputs.gfapAssay = ready.gfapAssay
/// ```
public struct WalkPreparation: Sendable {
    /// The assay recorded with the answers (the flag's, else the configured one, else none).
    public let gfapAssay: GfapAssay?
    /// The configured LVO scales the walkthrough also asks about, in `LVOScale` order.
    public let scales: [LVOScale]

    /// Checks the settings in this order and starts the background warm-up.
    /// - Throws: `EngineError` (an unknown configured assay or scale), `CloudSettingsError`
    ///   (an unusable cloud setting when the mode is not offline).
    public static func prepare(_ settings: WalkSettings, config: AppConfig) throws -> WalkPreparation {
        let assay = try GfapAssaySetting.resolve(flag: settings.gfapAssay, config: config)
        let scales = try ScalesSetting.load(config: config)
        if settings.prediction.mode != .offline { _ = try CloudSettings(settings.prediction, config: config) }
        CloudWarmUp.startInBackground(settings.prediction, config: config)
        return WalkPreparation(gfapAssay: assay, scales: scales)
    }
}
