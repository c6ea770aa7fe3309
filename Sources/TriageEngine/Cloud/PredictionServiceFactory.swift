import StrokeCloud
import StrokeModels

/// Builds the prediction service for the chosen mode.
///
/// offline: the local models only, no network; cloud: the Cloud Functions
/// with no fallback (failures exit 69); auto: the Cloud Functions, each
/// failed prediction replaced by the local one with its reason.
public enum PredictionServiceFactory {
    /// The service for these settings; `verbose` logs the cloud client's requests to stderr.
    /// - Throws: `CloudSettingsError` for an unusable cloud setting (never in offline mode).
    public static func make(_ options: PredictionSettings, config: AppConfig, verbose: Bool = false) throws -> any PredictionService {
        switch options.mode {
        case .offline:
            return OfflinePredictionService()
        case .cloud, .auto:
            let client = try CloudSettings(options, config: config).client(verbose: verbose)
            return CloudPredictionService(client: client, fallback: options.mode == .auto)
        }
    }
}
