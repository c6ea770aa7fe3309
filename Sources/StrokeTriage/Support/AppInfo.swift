/// Facts about this build of the app.
enum AppInfo {
    /// The app version, reported by `--version` and in every record.
    static let version = "0.1.0"
}
