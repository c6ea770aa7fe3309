/// Facts about this build of the app.
public enum AppInfo {
    /// The app version, reported by `--version` and in every record.
    public static let version = "0.1.0"
}
