import StrokeCloud
import StrokeModels

/// Builds the prediction service for the chosen mode.
///
/// offline: the local models only, no network; cloud: the Cloud Functions
/// with no fallback (failures exit 69); auto: the Cloud Functions, each
/// failed prediction replaced by the local one with its reason.
enum PredictionServiceFactory {
    /// The service for these options.
    /// - Throws: `CloudSettingsError` for an unusable cloud setting (never in offline mode).
    static func make(_ options: PredictionOptions, output: OutputOptions) throws -> any PredictionService {
        switch options.mode {
        case .offline:
            return OfflinePredictionService()
        case .cloud, .auto:
            let client = try CloudSettings(options).client(verbose: output.verbose)
            return CloudPredictionService(client: client, fallback: options.mode == .auto)
        }
    }
}
