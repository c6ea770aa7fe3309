import ArgumentParser
import TriageLocalization

/// A cloud setting (flag, configuration key) that cannot be used.
struct CloudSettingsError: Error, UserFacingError {
    /// What is wrong with the setting.
    enum Problem: String {
        /// Not an http(s) URL.
        case notHTTP
        /// A number outside its documented range.
        case outOfRange
        /// The configuration file could not be read as a JSON object.
        case unreadableConfig
    }

    /// The flag or key (or the config file's path).
    let setting: String
    /// The problem.
    let problem: Problem

    var exitCode: ExitCode { problem == .unreadableConfig ? ExitStatus.failure : ExitStatus.usage }

    func message(_ localizer: Localizer) -> String {
        localizer.text("cloud.settings.\(problem.rawValue)", [.text(setting)])
    }
}
