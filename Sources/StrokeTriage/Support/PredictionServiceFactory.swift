import StrokeModels

/// Builds the prediction service for the chosen mode.
///
/// Offline for now; the cloud issue adds the cloud and auto implementations.
enum PredictionServiceFactory {
    /// The service for these options.
    static func make(_ options: PredictionOptions, output: OutputOptions) throws -> any PredictionService {
        OfflinePredictionService()
    }
}
