import Logging
import StrokeCloud
import StrokeModels

/// Builds the prediction service for the chosen mode.
///
/// offline: the local models only, no network; cloud: the Cloud Functions
/// with no fallback (failures exit 69); auto: the Cloud Functions, each
/// failed prediction replaced by the local one with its reason.
public enum PredictionServiceFactory {
    /// The service for these settings; the cloud client logs its requests to `logger` (default: nowhere).
    /// - Throws: `CloudSettingsError` for an unusable cloud setting (never in offline mode).
    public static func make(_ options: PredictionSettings, config: AppConfig,
                            logger: Logger = CloudSettings.silentLogger) throws -> any PredictionService {
        switch options.mode {
        case .offline:
            return OfflinePredictionService()
        case .cloud, .auto:
            let client = try CloudSettings(options, config: config).client(logger: logger)
            return CloudPredictionService(client: client, fallback: options.mode == .auto)
        }
    }
}
