import TriageLocalization

/// A cloud setting (flag, configuration key) that cannot be used.
public struct CloudSettingsError: Error, Sendable, Hashable {
    /// What is wrong with the setting.
    public enum Problem: String, Sendable, Hashable {
        /// Not an http(s) URL.
        case notHTTP
        /// A number outside its documented range.
        case outOfRange
    }

    /// The flag or key (or the config file's path).
    public let setting: String
    /// The problem.
    public let problem: Problem

    /// The stable code: `cloud.settings.notHTTP` or `cloud.settings.outOfRange` (also the message's key).
    public var code: String { "cloud.settings.\(problem.rawValue)" }

    /// A setting error of this problem.
    public init(setting: String, problem: Problem) {
        self.setting = setting
        self.problem = problem
    }

    /// The one-line message in the localizer's language.
    public func message(_ localizer: Localizer) -> String {
        localizer.text(code, [.text(setting)])
    }
}
