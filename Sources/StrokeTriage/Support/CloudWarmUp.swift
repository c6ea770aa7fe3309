/// Background warm-up of the prediction Cloud Functions.
///
/// A no-op for now; the cloud work makes it post `{}` to every function in
/// the background without ever making the caller wait.
enum CloudWarmUp {
    /// Starts the warm-up and returns at once.
    static func startInBackground(_ options: PredictionOptions) {}
}
